/** The steps of the space scale (`--space-0` … `--space-7`), as the layout components take them. */
export type SpaceStep = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

const STEPS: readonly SpaceStep[] = [0, 1, 2, 3, 4, 5, 6, 7];

/**
 * `&[data-gap='n'] { gap: var(--space-n); }` for every step: static CSS written once when the
 * module loads, the step chosen by an attribute (never a style interpolated from props).
 */
export const spaceRules = (attribute: string, property: string): string =>
  STEPS.map((n) => `&[data-${attribute}='${n}'] { ${property}: var(--space-${n}); }`).join('\n');

/** The elements a layout box may render as (`as`). */
export type BoxElement = 'div' | 'section' | 'article' | 'aside' | 'header' | 'footer' | 'main' | 'nav' | 'form' | 'ul' | 'ol' | 'li' | 'p' | 'span';

/** Lists used as layout lose their bullets and indent. */
export const listReset = `
  &:is(ul, ol) {
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;
