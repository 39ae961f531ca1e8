import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../shared/system-clock';
import type { MessageText } from '../domain/message-texts';
import { MAX_DELIVERY_ATTEMPTS, type Address, type MessageRecord } from '../domain/message.entity';
import { MessageDeliveryError, type MessageChannelsPort } from '../ports/message-channels.port';
import type { DeliveryFacts, MessageRepositoryPort } from '../ports/message-repository.port';
import { DeliverMessageUseCase, LINE_UNFOLLOWED, NOT_REACHABLE } from './deliver-message.use-case';

const clock = fixedClock('2026-12-01T18:00:00+09:00');
const start = DateTime.fromISO('2026-12-02T11:00:00+09:00').toMillis();

class Outbox implements Pick<MessageRepositoryPort, 'claim' | 'facts' | 'markSent' | 'retryLater' | 'markFailed' | 'cancel'> {
  message: MessageRecord & { held: boolean; delays: number[]; body?: MessageText } = {
    id: 'm1',
    clinicId: '1',
    userId: '2',
    reservationId: '3',
    kind: 'REMINDER',
    channel: 'LINE',
    recipient: 'U1',
    status: 'SCHEDULED',
    scheduledAtMs: 0,
    sentAtMs: null,
    attempts: 0,
    lastError: null,
    retryKey: 'key-1',
    subject: null,
    createdAtMs: 0,
    held: false,
    delays: [],
  };
  reservationStatus = 'RESERVED';
  currentRecipient: DeliveryFacts['currentRecipient'] = undefined;
  guest: Pick<DeliveryFacts, 'lineUnfollowed' | 'guestEmail'> | null = null;
  async claim() {
    if (this.message.status !== 'SCHEDULED' || this.message.held) return [];
    this.message = { ...this.message, attempts: this.message.attempts + 1, held: true };
    return [this.message];
  }
  async facts(): Promise<Map<string, DeliveryFacts>> {
    return new Map([[this.message.id, this.fact()]]);
  }
  private fact(): DeliveryFacts {
    return {
      kind: this.message.kind,
      channel: this.message.channel,
      recipientName: '山田 花子',
      audience: this.guest ? 'guest' : 'member',
      clinic: { name: '渋谷', phone: '03-1234-5678', homepageUrl: null, updateDeadlineHours: 24, cancelDeadlineHours: 24 },
      reservation: { id: '3', startMs: start, endMs: start + 3_600_000, menuNames: ['ピコトーニング'], preVisitNotes: [] },
      cancelToken: null,
      reservationStatus: this.reservationStatus,
      ...(this.currentRecipient ? { currentRecipient: this.currentRecipient } : {}),
      ...this.guest,
    };
  }
  async markSent([sent]: readonly { id: string; text: MessageText }[]) {
    this.message = { ...this.message, status: 'SENT', held: false, body: sent!.text };
  }
  async retryLater(_id: string, error: string, delayMs: number) {
    this.message = { ...this.message, lastError: error, held: false, delays: [...this.message.delays, delayMs] };
  }
  async markFailed(_id: string, error: string) {
    this.message = { ...this.message, status: 'FAILED', lastError: error, held: false };
  }
  async cancel(_id: string, reason: string) {
    this.message = { ...this.message, status: 'CANCELLED', lastError: reason, held: false };
  }
}

class Line implements MessageChannelsPort {
  sent: { address: Address; retryKey: string }[] = [];
  failures = 0;
  async send(address: Address, _text: MessageText, retryKey: string) {
    if (this.failures > 0) {
      this.failures--;
      throw new MessageDeliveryError('LINEが送信を受け付けませんでした（HTTP 500）。');
    }
    this.sent.push({ address, retryKey });
  }
}

const setUp = () => {
  const outbox = new Outbox();
  const line = new Line();
  const deliver = new DeliverMessageUseCase(
    outbox as unknown as MessageRepositoryPort,
    line,
    { retryBaseMs: 100, leaseMs: 60_000, publicUrl: 'http://localhost:3000' },
    clock,
  );
  return { outbox, line, deliver };
};

describe('delivering a message', () => {
  it('sends once, with the message retry key, and records the text', async () => {
    const { outbox, line, deliver } = setUp();
    expect(await deliver.deliver('m1')).toBe('SENT');
    expect(await deliver.deliver('m1')).toBe('SKIPPED');
    expect(line.sent).toEqual([{ address: { channel: 'LINE', to: 'U1' }, retryKey: 'key-1' }]);
    expect(outbox.message.body?.subject).toBe('【渋谷院】明日のご予約のお知らせ');
  });

  it('retries a failure after the base delay, doubling, with the same retry key, and sends it then', async () => {
    const { outbox, line, deliver } = setUp();
    line.failures = 2;
    expect(await deliver.deliver('m1')).toBe('RETRY');
    expect(await deliver.deliver('m1')).toBe('RETRY');
    expect(await deliver.deliver('m1')).toBe('SENT');
    expect(outbox.message.delays).toEqual([100, 200]);
    expect(line.sent.map((s) => s.retryKey)).toEqual(['key-1']);
  });

  it(`ends FAILED after ${MAX_DELIVERY_ATTEMPTS} attempts, with the last error for staff`, async () => {
    const { outbox, line, deliver } = setUp();
    line.failures = 100;
    const outcomes = [];
    for (let i = 0; i < MAX_DELIVERY_ATTEMPTS + 1; i++) outcomes.push(await deliver.deliver('m1'));
    expect(outcomes).toEqual([...Array(MAX_DELIVERY_ATTEMPTS - 1).fill('RETRY'), 'FAILED', 'SKIPPED']);
    expect(outbox.message).toMatchObject({ status: 'FAILED', attempts: MAX_DELIVERY_ATTEMPTS, lastError: 'LINEが送信を受け付けませんでした（HTTP 500）。' });
  });

  it("reads a member's address when it delivers: a changed e-mail or choice applies to a message written before", async () => {
    const { outbox, line, deliver } = setUp();
    outbox.currentRecipient = { email: 'new@example.jp', lineUserId: 'U1', preference: 'MAIL' };
    expect(await deliver.deliver('m1')).toBe('SENT');
    expect(line.sent).toEqual([{ address: { channel: 'MAIL', to: 'new@example.jp' }, retryKey: 'key-1' }]);

    const other = setUp();
    other.outbox.currentRecipient = { email: 'new@example.jp', lineUserId: 'U1', preference: 'NONE' };
    expect(await other.deliver.deliver('m1')).toBe('CANCELLED');
    expect(other.line.sent).toEqual([]);
    expect(other.outbox.message).toMatchObject({ status: 'CANCELLED', lastError: NOT_REACHABLE });
  });

  it("pushes nothing to a guest's LINE user who unfollowed: the guest's e-mail instead, else cancelled with the reason", async () => {
    const { outbox, line, deliver } = setUp();
    outbox.guest = { lineUnfollowed: true, guestEmail: 'guest@example.jp' };
    expect(await deliver.deliver('m1')).toBe('SENT');
    expect(line.sent).toEqual([{ address: { channel: 'MAIL', to: 'guest@example.jp' }, retryKey: 'key-1' }]);

    const other = setUp();
    other.outbox.guest = { lineUnfollowed: true, guestEmail: null };
    expect(await other.deliver.deliver('m1')).toBe('CANCELLED');
    expect(other.line.sent).toEqual([]);
    expect(other.outbox.message).toMatchObject({ status: 'CANCELLED', lastError: LINE_UNFOLLOWED });

    const following = setUp();
    following.outbox.guest = { lineUnfollowed: false, guestEmail: 'guest@example.jp' };
    expect(await following.deliver.deliver('m1')).toBe('SENT');
    expect(following.line.sent).toEqual([{ address: { channel: 'LINE', to: 'U1' }, retryKey: 'key-1' }]);
  });

  it('does not send the reminder of a visit that is no longer on', async () => {
    const { outbox, line, deliver } = setUp();
    outbox.reservationStatus = 'CANCELLED';
    expect(await deliver.deliver('m1')).toBe('CANCELLED');
    expect(line.sent).toEqual([]);
  });

  it('a message another worker holds is left to it', async () => {
    const { outbox, line, deliver } = setUp();
    outbox.message.held = true;
    expect(await deliver.deliver('m1')).toBe('SKIPPED');
    expect(line.sent).toEqual([]);
  });
});

describe('delivering a batch', () => {
  it('sends every message of a batch once, a few at a time rather than all at once', async () => {
    const { outbox } = setUp();
    const batch = Array.from({ length: 20 }, (_, i) => ({ ...outbox.message, id: `m${i}`, retryKey: `key-${i}`, attempts: 1 }));
    const fact = (await outbox.facts()).get('m1')!;
    const recorded: string[] = [];
    const messages = {
      claim: async () => batch,
      facts: async () => new Map(batch.map((message) => [message.id, fact])),
      markSent: async (sent: readonly { id: string }[]) => void recorded.push(...sent.map((s) => s.id)),
    } as unknown as MessageRepositoryPort;
    let inFlight = 0;
    let most = 0;
    const keys: string[] = [];
    const channel: MessageChannelsPort = {
      send: async (_address, _text, retryKey) => {
        inFlight++;
        most = Math.max(most, inFlight);
        // The channel's wait (a mail server, LINE): the other sends of the batch may start meanwhile.
        await new Promise((resolve) => setImmediate(resolve));
        keys.push(retryKey);
        inFlight--;
      },
    };
    const deliver = new DeliverMessageUseCase(messages, channel, { retryBaseMs: 100, leaseMs: 60_000, publicUrl: 'http://localhost:3000' }, clock);
    const outcomes = await deliver.deliverAll(batch.map((message) => message.id));
    expect([...outcomes.values()].every((outcome) => outcome === 'SENT')).toBe(true);
    expect(keys.sort()).toEqual(batch.map((message) => message.retryKey).sort());
    expect(recorded.sort()).toEqual(batch.map((message) => message.id).sort());
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(4);
  });
});
