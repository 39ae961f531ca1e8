import { Button } from '@clinic/ui-kit';
import styled from 'styled-components';

/** A LINE-green button. LINE's own #06C755 gives white text only 2.2:1, so a darker green (5.1:1, WCAG AA). */
const Wrap = styled.div`
  display: grid;

  && > button[data-variant] {
    background: #00803a;
    border-color: #00803a;
    color: #fff;
  }
  && > button[data-variant][data-hovered],
  && > button[data-variant][data-pressed] {
    background: #006b30;
    border-color: #006b30;
  }
`;

export function LineButton(props: { label: string; pendingLabel: string; isPending: boolean; onPress: () => void }) {
  return (
    <Wrap>
      <Button type="button" onPress={props.onPress} isPending={props.isPending} pendingLabel={props.pendingLabel}>
        {props.label}
      </Button>
    </Wrap>
  );
}
