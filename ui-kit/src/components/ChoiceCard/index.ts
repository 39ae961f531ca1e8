export { ChoiceCard } from './ChoiceCard';
export type { ChoiceCardProps } from './ChoiceCard';
