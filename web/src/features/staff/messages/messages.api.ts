import type { MessageJson, MessageStatus } from '@clinic/contract';
import { createApi, type Input } from '../../../shared/api/api';
import { staffMessages } from '../../../shared/api/endpoints';
import type { HttpClient } from '../../../shared/api/http';

export type { MessageKind, MessageStatus } from '@clinic/contract';
export const MESSAGE_STATUSES: readonly MessageStatus[] = ['SCHEDULED', 'SENT', 'FAILED', 'CANCELLED'];

/** One row of GET /api/staffs/messages (the HTTP adapter's schema, @clinic/contract). */
export type StaffMessage = MessageJson;

/** The list's filter: the query of `GET /api/staffs/messages` (the contract's schema). */
export type MessageFilter = Input<'staffMessages', 'list'>['query'];

export const messagesApi = (http: HttpClient, api = createApi(http, { staffMessages })) => ({
  list: (filter: MessageFilter) =>
    api.staffMessages.list({
      query: { clinicId: filter.clinicId, userId: filter.userId, reservationId: filter.reservationId, status: filter.status },
    }),
  resend: (id: string) => api.staffMessages.resend({ params: { id } }),
});

export type MessagesApi = ReturnType<typeof messagesApi>;

/** Failed ones first (staff act on them), then newest first as the API answers. */
export const failedFirst = (messages: readonly StaffMessage[]): StaffMessage[] => [
  ...messages.filter((m) => m.status === 'FAILED'),
  ...messages.filter((m) => m.status !== 'FAILED'),
];
