import type { Member } from '@clinic/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { aClinic, aMember } from '../support/mothers';
import type { PortSet } from '../support/port-sets';

const HOUR = 60 * 60 * 1000;
const NOW = new Date('2030-01-08T01:00:00Z');
const later = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

/**
 * What every MemberTokenRepositoryPort and MemberDirectoryPort must store: the in-memory fakes the
 * member use case tests run on (manage-members.use-case.test.ts), and the Knex adapters on PGlite
 * and PostgreSQL. Where they disagree, the database is right. The fake directory does not implement
 * the listings (`search`, `byIds`: read models, tested on their own in member-queries.use-case.test.ts);
 * their tests here run on the Knex adapters only (`listings: false` skips them, reported as skipped).
 */
export const memberStoreContract = (fresh: () => Promise<PortSet>, options: { readonly listings: boolean }): void => {
  describe('member tokens and directory', () => {
    let ports: PortSet;
    let clinicId: string;
    let member: Member;
    let other: Member;

    beforeEach(async () => {
      ports = await fresh();
      clinicId = (await ports.clinics.create(aClinic({ name: '渋谷', phone: '03-1234-5678' }))).id;
      member = await ports.members.create(aMember(clinicId, { name: '山田 花子', userNumber: '100001', status: 'FULL' }));
      other = await ports.members.create(aMember(clinicId, { name: '鈴木 一郎', userNumber: '100002', status: 'FULL' }));
    });

    describe('MemberTokenRepositoryPort', () => {
      const tokens = () => ports.memberStore.tokens;
      const issue = (tokenHash: string, userId: string, purpose: 'REGISTER' | 'RESET' = 'REGISTER', expiresAt = later(24)) =>
        tokens().issue({ tokenHash, userId, purpose, expiresAt });

      it('peeks at an unused token of its purpose without using it; unknown or of another purpose is INVALID_TOKEN', async () => {
        await issue('h1', member.id, 'REGISTER', later(24));
        expect(await tokens().peek('h1', 'REGISTER', NOW)).toEqual({ userId: member.id, expiresAt: later(24) });
        expect(await tokens().peek('h1', 'REGISTER', NOW)).toEqual({ userId: member.id, expiresAt: later(24) });
        expect(await tokens().peek('h1', 'RESET', NOW)).toBe('INVALID_TOKEN');
        expect(await tokens().peek('nope', 'REGISTER', NOW)).toBe('INVALID_TOKEN');
      });

      it('a token is expired from its expiry on, to peek and to redeem, and an expired redemption uses nothing', async () => {
        await issue('h1', member.id, 'RESET', later(1));
        expect(await tokens().peek('h1', 'RESET', later(1))).toBe('TOKEN_EXPIRED');
        expect(await tokens().redeem('h1', 'RESET', later(1), 'hash-x')).toBe('TOKEN_EXPIRED');
        expect((await ports.members.findById(member.id))!.passwordHash).toBe(member.passwordHash);
        // Still unused: before its expiry it works.
        expect(await tokens().redeem('h1', 'RESET', NOW, 'hash-x')).toEqual({ userId: member.id, expiresAt: later(1) });
      });

      it("redeems once: sets the member's password and ends every unused token of the member, of both purposes, and no one else's", async () => {
        await issue('register', member.id, 'REGISTER');
        await issue('reset', member.id, 'RESET');
        await issue('theirs', other.id, 'REGISTER');
        expect(await tokens().redeem('register', 'REGISTER', NOW, 'new-hash')).toEqual({ userId: member.id, expiresAt: later(24) });
        expect((await ports.members.findById(member.id))!.passwordHash).toBe('new-hash');
        expect((await ports.members.findById(other.id))!.passwordHash).toBe(other.passwordHash);
        expect(await tokens().redeem('register', 'REGISTER', NOW, 'again')).toBe('INVALID_TOKEN');
        expect(await tokens().peek('reset', 'RESET', NOW)).toBe('INVALID_TOKEN');
        expect(await tokens().peek('theirs', 'REGISTER', NOW)).toEqual({ userId: other.id, expiresAt: later(24) });
        expect((await ports.members.findById(member.id))!.passwordHash).toBe('new-hash');
      });

      it('a redemption of another purpose or an unknown token is INVALID_TOKEN and changes nothing', async () => {
        await issue('h1', member.id, 'REGISTER');
        expect(await tokens().redeem('h1', 'RESET', NOW, 'x')).toBe('INVALID_TOKEN');
        expect(await tokens().redeem('nope', 'REGISTER', NOW, 'x')).toBe('INVALID_TOKEN');
        expect((await ports.members.findById(member.id))!.passwordHash).toBe(member.passwordHash);
        expect(await tokens().peek('h1', 'REGISTER', NOW)).toEqual({ userId: member.id, expiresAt: later(24) });
      });

      it('a new token ends the unused ones of its member and purpose only', async () => {
        await issue('old-register', member.id, 'REGISTER');
        await issue('reset', member.id, 'RESET');
        await issue('theirs', other.id, 'REGISTER');
        await issue('new-register', member.id, 'REGISTER', later(2));
        expect(await tokens().peek('old-register', 'REGISTER', NOW)).toBe('INVALID_TOKEN');
        expect(await tokens().peek('new-register', 'REGISTER', NOW)).toEqual({ userId: member.id, expiresAt: later(2) });
        expect(await tokens().peek('reset', 'RESET', NOW)).toEqual({ userId: member.id, expiresAt: later(24) });
        expect(await tokens().peek('theirs', 'REGISTER', NOW)).toEqual({ userId: other.id, expiresAt: later(24) });
      });

      it('refuses a token hash already stored (the primary key), used or not, and the refused issue ends nothing', async () => {
        await issue('h1', member.id, 'REGISTER');
        await expect(issue('h1', other.id, 'REGISTER')).rejects.toThrow();
        await issue('h2', member.id, 'RESET');
        await expect(issue('h2', member.id, 'RESET')).rejects.toThrow();
        // The member's live RESET token survived its refused successor.
        expect(await tokens().peek('h2', 'RESET', NOW)).toEqual({ userId: member.id, expiresAt: later(24) });
        expect(await tokens().peek('h1', 'REGISTER', NOW)).toEqual({ userId: member.id, expiresAt: later(24) });
        await tokens().redeem('h1', 'REGISTER', NOW, 'x');
        await expect(issue('h1', member.id, 'REGISTER')).rejects.toThrow();
      });

      it('refuses a token of a member who does not exist (the foreign key)', async () => {
        await expect(issue('h1', '999999')).rejects.toThrow();
        expect(await tokens().peek('h1', 'REGISTER', NOW)).toBe('INVALID_TOKEN');
      });

      it('two concurrent redemptions of one token: exactly one wins', async () => {
        await issue('h1', member.id, 'REGISTER');
        const outcomes = await Promise.all([tokens().redeem('h1', 'REGISTER', NOW, 'a'), tokens().redeem('h1', 'REGISTER', NOW, 'b')]);
        expect(outcomes.filter((outcome) => typeof outcome === 'object')).toHaveLength(1);
        expect(outcomes.filter((outcome) => outcome === 'INVALID_TOKEN')).toHaveLength(1);
      });
    });

    describe('MemberDirectoryPort', () => {
      const directory = () => ports.memberStore.directory;

      it('knows which clinics exist and reads their name and phone', async () => {
        expect(await directory().clinicExists(clinicId)).toBe(true);
        expect(await directory().clinicExists('999999')).toBe(false);
        expect(await directory().clinicExists('not-an-id')).toBe(false);
        expect(await directory().clinicOf(clinicId)).toEqual({ id: clinicId, name: '渋谷', phone: '03-1234-5678' });
        expect(await directory().clinicOf('999999')).toBeNull();
        expect(await directory().clinicOf('not-an-id')).toBeNull();
      });

      it('names the ids that are not tags, in the order asked, whatever their form', async () => {
        const vip = await ports.settings.tags.create('VIP');
        expect(await directory().unknownTagIds([])).toEqual([]);
        expect(await directory().unknownTagIds([vip.id])).toEqual([]);
        expect(await directory().unknownTagIds(['999999', vip.id, 'x', '999998'])).toEqual(['999999', 'x', '999998']);
      });

      it("replaces a member's tags and reads them by display order, then id; a tag deleted comes off", async () => {
        const vip = await ports.settings.tags.create('VIP');
        const care = await ports.settings.tags.create('要注意');
        const line = await ports.settings.tags.create('LINE');
        expect(await directory().tagsOf(member.id)).toEqual([]);
        await directory().setTags(member.id, [line.id, vip.id]);
        await directory().setTags(other.id, [care.id]);
        expect(await directory().tagsOf(member.id)).toEqual([vip, line].map(({ id, name, displayOrder }) => ({ id, name, displayOrder })));
        await directory().setTags(member.id, [care.id, care.id]);
        expect((await directory().tagsOf(member.id)).map((tag) => tag.id)).toEqual([care.id]);
        await ports.settings.tags.delete(care.id);
        expect(await directory().tagsOf(member.id)).toEqual([]);
        expect(await directory().tagsOf(other.id)).toEqual([]);
        await directory().setTags(member.id, []);
        expect(await directory().tagsOf(member.id)).toEqual([]);
        expect(await directory().tagsOf('999999')).toEqual([]);
        expect(await directory().tagsOf('not-an-id')).toEqual([]);
      });

      it("refuses a tag that does not exist or a member who does not exist (the foreign keys), keeping the member's tags", async () => {
        const vip = await ports.settings.tags.create('VIP');
        await directory().setTags(member.id, [vip.id]);
        await expect(directory().setTags(member.id, [vip.id, '999999'])).rejects.toThrow();
        expect((await directory().tagsOf(member.id)).map((tag) => tag.id)).toEqual([vip.id]);
        await expect(directory().setTags('999999', [vip.id])).rejects.toThrow();
      });

      it.skipIf(!options.listings)('lists members newest first with their clinic and tags, and by ids in the order asked (Knex only)', async () => {
        const vip = await ports.settings.tags.create('VIP');
        await directory().setTags(member.id, [vip.id]);
        const page = await directory().search({ clinicId }, 1, 10);
        expect(page.total).toBe(2);
        expect(page.items.map((item) => item.member.id)).toEqual([other.id, member.id]);
        expect(page.items[1]).toMatchObject({ clinicName: '渋谷', tagIds: [vip.id], lastVisitAt: null, introducer: null });
        expect((await directory().search({ keyword: '花子' }, 1, 10)).items.map((item) => item.member.id)).toEqual([member.id]);
        expect((await directory().byIds([member.id, '999999', other.id, 'x'])).map((item) => item.member.id)).toEqual([member.id, other.id]);
      });
    });
  });
};
