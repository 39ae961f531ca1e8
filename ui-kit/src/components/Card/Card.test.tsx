import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Card } from './Card';

describe('Card', () => {
  it('is a region named by its title', () => {
    render(<Card title="次回のご予約">4月15日</Card>);
    expect(screen.getByRole('region', { name: '次回のご予約' })).toHaveTextContent('4月15日');
    expect(screen.getByRole('heading', { level: 2, name: '次回のご予約' })).toBeInTheDocument();
  });

  it('as a list item keeps the plain list item role, its title a heading of the level asked', () => {
    render(
      <ul>
        <Card as="li" title="5回コース" headingLevel={3} titleSize="md">
          残り3回
        </Card>
      </ul>,
    );
    expect(screen.queryByRole('region')).toBeNull();
    const item = screen.getByRole('listitem');
    expect(item).not.toHaveAttribute('aria-labelledby');
    expect(screen.getByRole('heading', { level: 3, name: '5回コース' })).toBeInTheDocument();
  });

  it('lets the caller name an untitled section', () => {
    render(
      <>
        <h2 id="step">メニュー</h2>
        <Card aria-labelledby="step">選んでください</Card>
      </>,
    );
    expect(screen.getByRole('region', { name: 'メニュー' })).toHaveTextContent('選んでください');
  });
});
