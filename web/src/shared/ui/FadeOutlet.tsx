import { useLocation, useOutlet, type Location } from 'react-router-dom';
import styled, { keyframes } from 'styled-components';

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

/** Page transitions fade in over 0.3 s; without motion when the person asks for less. */
const Fade = styled.div`
  animation: ${fadeIn} 0.3s ease-out both;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

/**
 * The child route, faded in whenever `keyOf(location)` changes. A layout keys by pathname (each
 * page fades); the root keys by layout group, so entering a layout fades it without remounting it
 * on every page change inside it.
 */
export function FadeOutlet({ keyOf = (location) => location.pathname }: { keyOf?: (location: Location) => string }) {
  const location = useLocation();
  const outlet = useOutlet();
  return <Fade key={keyOf(location)}>{outlet}</Fade>;
}
