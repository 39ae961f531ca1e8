import type { MessageJson, MessageStatus } from '@clinic/contract';
import type { HttpClient } from '../../../shared/api/http';

export type { MessageKind, MessageStatus } from '@clinic/contract';
export const MESSAGE_STATUSES: readonly MessageStatus[] = ['SCHEDULED', 'SENT', 'FAILED', 'CANCELLED'];

/** One row of GET /api/staffs/messages (the HTTP adapter's schema, @clinic/contract). */
export type StaffMessage = MessageJson;

export interface MessageFilter {
  clinicId: string;
  userId?: string;
  reservationId?: string;
  status?: MessageStatus;
}

export const messagesApi = (http: HttpClient) => ({
  list: (filter: MessageFilter) =>
    http.get<StaffMessage[]>('/api/staffs/messages', {
      query: { clinicId: filter.clinicId, userId: filter.userId, reservationId: filter.reservationId, status: filter.status },
    }),
  resend: (id: string) => http.post<StaffMessage>(`/api/staffs/messages/${encodeURIComponent(id)}/resend`),
});

export type MessagesApi = ReturnType<typeof messagesApi>;

/** Failed ones first (staff act on them), then newest first as the API answers. */
export const failedFirst = (messages: readonly StaffMessage[]): StaffMessage[] => [
  ...messages.filter((m) => m.status === 'FAILED'),
  ...messages.filter((m) => m.status !== 'FAILED'),
];
