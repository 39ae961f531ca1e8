export { withUiKit } from './decorator';
