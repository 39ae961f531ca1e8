export { FormRenderer } from './FormRenderer';
export type { FormRendererProps } from './FormRenderer';
export { answerMatches, formAnswersToSend, formFlags, isAnswered, prefillFormAnswers, validateFormAnswers, visibleFormItems } from './form-rules';
export type { FormAnswer, FormAnswers, FormItem, FormItemOption, FormItemType, FormValidationMessages } from './form-rules';
