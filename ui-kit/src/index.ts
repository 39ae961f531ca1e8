// Public API of @clinic/ui-kit: every name exported explicitly.
export { tokens, tokenVariables, mediaMd, mediaLg, GlobalStyle, ThemeRoot } from './tokens';
export type { Tokens, ThemeRootProps, ThemeName } from './tokens';
export { UiKitProvider } from './providers';
export type { UiKitProviderProps } from './providers';

export { Button } from './components/Button';
export type { ButtonProps, ButtonVariant, ButtonSize } from './components/Button';
export { PlainButton } from './components/PlainButton';
export type { PlainButtonProps } from './components/PlainButton';
export { ChoiceCard } from './components/ChoiceCard';
export type { ChoiceCardProps } from './components/ChoiceCard';
export { TimeSlotButton, TimeSlotGroup } from './components/TimeSlotButton';
export type { TimeSlotButtonProps, TimeSlotGroupProps } from './components/TimeSlotButton';
export { DayButton } from './components/DayButton';
export type { DayButtonProps } from './components/DayButton';
export { TextField } from './components/TextField';
export type { TextFieldProps, TextFieldType } from './components/TextField';
export { PasswordField } from './components/PasswordField';
export type { PasswordFieldProps } from './components/PasswordField';
export { Select } from './components/Select';
export type { SelectProps, SelectItem } from './components/Select';
export { GroupedSelect } from './components/GroupedSelect';
export type { GroupedSelectProps, GroupedSelectGroup, GroupedSelectItem } from './components/GroupedSelect';
export { Dialog } from './components/Dialog';
export type { DialogProps } from './components/Dialog';
export { ConfirmDialog } from './components/ConfirmDialog';
export type { ConfirmDialogProps } from './components/ConfirmDialog';
export { Drawer } from './components/Drawer';
export type { DrawerProps } from './components/Drawer';
export { MessageProvider, useMessages, MessageArea } from './components/Messages';
export type { MessageProviderProps, MessageTimer, MessagesApi, ShowMessage, MessageAreaProps, Message, MessageTone } from './components/Messages';
export { Spinner } from './components/Spinner';
export type { SpinnerProps } from './components/Spinner';
export { Card } from './components/Card';
export type { CardProps } from './components/Card';
export { FactList } from './components/FactList';
export type { FactListProps } from './components/FactList';
export { PageHeader } from './components/PageHeader';
export type { PageHeaderProps } from './components/PageHeader';
export { Checkbox } from './components/Checkbox';
export type { CheckboxProps } from './components/Checkbox';
export { RadioGroup } from './components/RadioGroup';
export type { RadioGroupProps, RadioOption } from './components/RadioGroup';
export { Calendar } from './components/Calendar';
export type { CalendarProps } from './components/Calendar';
export { DatePicker } from './components/DatePicker';
export type { DatePickerProps } from './components/DatePicker';
export { Table } from './components/Table';
export type { TableProps, TableColumn } from './components/Table';
export { Tabs } from './components/Tabs';
export type { TabsProps, TabItem } from './components/Tabs';
export { Stack } from './components/Stack';
export type { StackProps } from './components/Stack';
export { Inline } from './components/Inline';
export type { InlineProps } from './components/Inline';
export { Grid } from './components/Grid';
export type { GridProps } from './components/Grid';
export { Text } from './components/Text';
export type { TextProps } from './components/Text';
export { Heading } from './components/Heading';
export type { HeadingProps, HeadingSize } from './components/Heading';
export { Badge } from './components/Badge';
export type { BadgeProps, BadgeTone } from './components/Badge';
export { EmptyState } from './components/EmptyState';
export type { EmptyStateProps } from './components/EmptyState';
export { Callout } from './components/Callout';
export type { CalloutProps } from './components/Callout';
export { ErrorState } from './components/ErrorState';
export type { ErrorStateProps } from './components/ErrorState';
export { FieldGroup } from './components/FieldGroup';
export type { FieldGroupProps } from './components/FieldGroup';
export { TextArea } from './components/TextArea';
export type { TextAreaProps } from './components/TextArea';
export { ItemList } from './components/ItemList';
export type { ItemListProps } from './components/ItemList';
export { LinkList } from './components/LinkList';
export type { LinkListProps } from './components/LinkList';
export { VisuallyHidden } from './components/VisuallyHidden';
export { SkipLink } from './components/SkipLink';
export type { SkipLinkProps } from './components/SkipLink';
export { FieldRow } from './components/FieldRow';
export type { FieldRowProps } from './components/FieldRow';
export { Container } from './components/Container';
export type { ContainerProps } from './components/Container';
export { CheckboxGroup } from './components/CheckboxGroup';
export type { CheckboxGroupProps, CheckboxGroupOption } from './components/CheckboxGroup';
export {
  FormRenderer,
  answerMatches,
  formAnswersToSend,
  formFlags,
  isAnswered,
  prefillFormAnswers,
  validateFormAnswers,
  visibleFormItems,
} from './components/FormRenderer';
export type { FormRendererProps, FormAnswer, FormAnswers, FormItem, FormItemOption, FormItemType, FormValidationMessages } from './components/FormRenderer';
export { SignaturePad } from './components/SignaturePad';
export type { SignaturePadProps } from './components/SignaturePad';
export { ConsentPanel, emptyConsent, isUnder18, validateConsent } from './components/ConsentPanel';
export type { ConsentPanelProps, ConsentField, ConsentMessages, ConsentRules, ConsentValue } from './components/ConsentPanel';
export { FormStatusBadge, visitFormStatus } from './components/FormStatusBadge';
export type { FormStatusBadgeProps, FormStatusKind } from './components/FormStatusBadge';
