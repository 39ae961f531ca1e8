import type { MemberRepositoryPort } from '../../accounts/ports/member-repository.port';
import type { ManageReservationUseCase } from '../../reservations/application/manage-reservation.use-case';
import { parsePostback, type LineWebhookEvent } from '../domain/line-webhook-event';
import type { LineLinkRepositoryPort } from '../ports/line-link-repository.port';
import type { LineAppReservationsPort, LineFriendshipsPort, LinePushPort, LineWebhookInboxPort } from '../ports/line-app.port';

export type LineEventOutcome = 'CONFIRMED' | 'IGNORED' | 'WELCOMED' | 'FOLLOWED' | 'UNFOLLOWED' | 'ALREADY_HANDLED';

/** The short welcome a linked member gets when they add the official account as a friend. */
export const welcomeText = (name: string): string =>
  `${name} 様\nお友だち追加ありがとうございます。ご予約の確認・変更、リマインドのお知らせをLINEでお届けします。`;

/**
 * LINE's webhook: the HTTP adapter checks the signature and hands the events over; `receive`
 * keeps each event once (by `webhookEventId`) and queues its handling, so LINE gets its answer at
 * once; the queue's worker calls `handle`. A postback `action=confirm&reservationId=…` of the LINE
 * user the reservation belongs to confirms the visit (as the reminder's web link does); from anyone
 * else it changes nothing. A follow of a linked member is welcomed; an unfollow stops LINE pushes
 * to that person (their messages still to go are sent by mail where there is an address).
 */
export class LineWebhookUseCase {
  constructor(
    private readonly inbox: LineWebhookInboxPort,
    private readonly reservations: LineAppReservationsPort,
    private readonly manage: Pick<ManageReservationUseCase, 'confirmIf'>,
    private readonly friendships: LineFriendshipsPort,
    private readonly links: Pick<LineLinkRepositoryPort, 'findMemberIdByLineUserId'>,
    private readonly members: Pick<MemberRepositoryPort, 'findById'>,
    /** Null when LINE pushes are not configured: no welcome. */
    private readonly push: LinePushPort | null,
  ) {}

  receive(events: readonly LineWebhookEvent[]): Promise<string[]> {
    return this.inbox.receive(events);
  }

  async handle(webhookEventId: string): Promise<LineEventOutcome> {
    const event = await this.inbox.pending(webhookEventId);
    if (!event) return 'ALREADY_HANDLED';
    const outcome = await this.act(event);
    await this.inbox.markHandled(webhookEventId);
    return outcome;
  }

  private async act(event: LineWebhookEvent): Promise<LineEventOutcome> {
    const from = event.lineUserId;
    if (!from) return 'IGNORED';
    switch (event.type) {
      case 'postback': {
        const asked = parsePostback(event.postbackData);
        if (!asked) return 'IGNORED';
        const owns = async () => (await this.reservations.ownersOf(asked.reservationId)).includes(from);
        const confirmed = await this.manage.confirmIf(asked.reservationId, owns, { type: 'guest', id: null });
        return confirmed.ok ? 'CONFIRMED' : 'IGNORED';
      }
      case 'follow': {
        await this.friendships.setFollowing(from, true);
        const memberId = await this.links.findMemberIdByLineUserId(from);
        const member = memberId ? await this.members.findById(memberId) : null;
        if (!member || !this.push) return 'FOLLOWED';
        // Keyed by the event: a handling run twice pushes once.
        await this.push.pushText(from, welcomeText(member.name), `welcome:${event.id}`);
        // Outside the message log, but billed by LINE: the monthly count of LINE messages counts it.
        await this.inbox.markWelcomed(event.id, member.clinicId);
        return 'WELCOMED';
      }
      case 'unfollow':
        await this.friendships.setFollowing(from, false);
        await this.friendships.moveScheduledToMail(from);
        return 'UNFOLLOWED';
      default:
        return 'IGNORED';
    }
  }
}
