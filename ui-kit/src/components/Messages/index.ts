export { MessageProvider, useMessages } from './MessageProvider';
export type { MessageProviderProps, MessageTimer, MessagesApi, ShowMessage } from './MessageProvider';
export { MessageArea } from './MessageArea';
export type { MessageAreaProps, Message, MessageTone } from './MessageArea';
