// Public API of @clinic/ui-kit: every name exported explicitly.
export { tokens, tokenVariables, mediaMd, GlobalStyle, ThemeRoot } from './tokens';
export type { Tokens, ThemeRootProps, ThemeName } from './tokens';
export { UiKitProvider } from './providers';
export type { UiKitProviderProps } from './providers';

export { Button } from './components/Button';
export type { ButtonProps, ButtonVariant, ButtonSize } from './components/Button';
export { PlainButton } from './components/PlainButton';
export type { PlainButtonProps } from './components/PlainButton';
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
export type {
  MessageProviderProps,
  MessagesApi,
  ShowMessage,
  MessageAreaProps,
  Message,
  MessageTone,
} from './components/Messages';
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
