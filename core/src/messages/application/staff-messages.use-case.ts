import { fail, ok, type Result } from '../../shared/result';
import type { MessageRecord, MessageStatus } from '../domain/message.entity';
import type { MessageRepositoryPort } from '../ports/message-repository.port';

export const MESSAGE_LIST_LIMIT = 500;

/** 送信履歴 for staff: the messages of a clinic, a member or a reservation, and resending one. */
export class StaffMessagesUseCase {
  constructor(private readonly messages: MessageRepositoryPort) {}

  list(filter: { clinicId: string; userId?: string; reservationId?: string; status?: MessageStatus }): Promise<MessageRecord[]> {
    return this.messages.list({ ...filter, limit: MESSAGE_LIST_LIMIT });
  }

  /** Sends a message again now (a FAILED one, or a SENT one once more); a SCHEDULED one is on its way already. */
  async resend(id: string): Promise<Result<MessageRecord, 'MESSAGE_NOT_FOUND'>> {
    const message = await this.messages.find(id);
    if (!message) return fail('MESSAGE_NOT_FOUND');
    if (message.status === 'SCHEDULED') return ok(message);
    const again = await this.messages.resend(id);
    return again ? ok(again) : fail('MESSAGE_NOT_FOUND');
  }
}
