import {
  InMemoryAuditLog,
  InMemoryLoginAttemptLimiter,
  InMemoryMailOutbox,
  InMemoryMemberDirectory,
  InMemoryMemberTokens,
  InMemorySessionStore,
  InMemoryTagRepository,
  SequentialSecretTokens,
  inMemoryReservationWorld,
  seedBookableClinic,
} from '@clinic/test/fakes';
import { describe, expect, it } from 'vitest';
import type { PasswordHasherPort } from '../../accounts/ports/password-hasher.port';
import { DEFAULT_LOGIN_ATTEMPT_POLICY } from '../../accounts/ports/login-attempt-limiter.port';
import { fixedClock } from '../../shared/system-clock';
import { ManageMembersUseCase, type CreateMemberCommand } from './manage-members.use-case';
import { MemberAccountUseCase } from './member-account.use-case';

const STAFF = '9';
const NOW = '2026-12-01T10:00:00+09:00';
const plainHasher: PasswordHasherPort = {
  hash: async (password) => `plain:${password}`,
  verify: async (hash, password) => hash === `plain:${password}`,
};

/** A clinic of the fakes with two FULL members (card numbers 100001 and 100002), on a fixed clock. */
const setUp = async () => {
  const clock = fixedClock(NOW);
  const world = inMemoryReservationWorld({ clock });
  const clinic = await seedBookableClinic(world, { workDays: [] });
  const tags = new InMemoryTagRepository();
  const directory = new InMemoryMemberDirectory({ clinics: world.clinics, members: world.members, tags });
  const audit = new InMemoryAuditLog();
  const sessions = new InMemorySessionStore(() => clock.now().toJSDate());
  const limiter = new InMemoryLoginAttemptLimiter(DEFAULT_LOGIN_ATTEMPT_POLICY, () => clock.now().toMillis());
  const manage = new ManageMembersUseCase(world.members, directory, world.contracts, plainHasher, audit, { limiter, sessions });
  const mail = new InMemoryMailOutbox();
  const tokens = new InMemoryMemberTokens(world.members);
  const account = new MemberAccountUseCase(
    world.members,
    tokens,
    new SequentialSecretTokens(),
    plainHasher,
    mail,
    clock,
    audit,
    {
      publicUrl: 'https://clinic.example.jp',
    },
    undefined,
    sessions,
  );
  return { clock, world, clinic, tags, directory, audit, sessions, manage, account, mail };
};

const temporary = (clinicId: string, overrides: Partial<CreateMemberCommand> = {}): CreateMemberCommand => ({
  clinicId,
  name: '佐藤 一郎',
  kana: 'サトウ イチロウ',
  phone: '090-1111-2222',
  email: 'sato@example.jp',
  status: 'TEMPORARY',
  ...overrides,
});

const codeOf = (result: { ok: boolean; error?: { code: string } }) => (result.ok ? 'ok' : result.error!.code);

describe('ManageMembersUseCase: staff create and update members', () => {
  it('gives a FULL member the next free card number and credits the introducer one gift, in the same write', async () => {
    const { manage, clinic, world, audit } = await setUp();
    const introducer = clinic.member;
    const created = await manage.create(STAFF, temporary(clinic.clinicId, { status: 'FULL', introducerUserNumber: introducer.userNumber }));
    expect(created.ok && created.value).toMatchObject({ status: 'FULL', userNumber: '100003', introducerUserId: introducer.id });
    expect((await world.members.findById(introducer.id))!.giftCount).toBe(introducer.giftCount + 1);
    expect(audit.entries.at(-1)).toMatchObject({ actorType: 'staff', actorId: STAFF, action: 'member.create' });
  });

  it('refuses a card number for a 仮会員, an unknown clinic and an unknown introducer, writing nothing', async () => {
    const { manage, clinic, world } = await setUp();
    const before = world.members.all().length;
    const numbered = await manage.create(STAFF, temporary(clinic.clinicId, { userNumber: '555' }));
    expect(!numbered.ok && numbered.error).toEqual({
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'userNumber', message: '診察券番号は本会員にだけ登録できます。' }],
    });
    expect(codeOf(await manage.create(STAFF, temporary('999')))).toBe('CLINIC_NOT_FOUND');
    const introduced = await manage.create(STAFF, temporary(clinic.clinicId, { introducerUserNumber: '999999' }));
    expect(!introduced.ok && introduced.error.fields).toEqual([{ path: 'introducerUserNumber', message: '紹介者の診察券番号が見つかりません。' }]);
    expect(world.members.all()).toHaveLength(before);
  });

  it('registers a 仮会員 as FULL once (a card number, the introducer credited); never back, never twice', async () => {
    const { manage, clinic, world, audit } = await setUp();
    const introducer = clinic.member;
    const guest = await manage.create(STAFF, temporary(clinic.clinicId, { introducerUserNumber: introducer.userNumber }));
    if (!guest.ok) throw new Error(guest.error.code);
    // A 仮会員 earns the introducer nothing yet.
    expect((await world.members.findById(introducer.id))!.giftCount).toBe(introducer.giftCount);
    const registered = await manage.update(STAFF, guest.value.id, { status: 'FULL' });
    expect(registered.ok && registered.value).toMatchObject({ status: 'FULL', userNumber: '100003' });
    expect((await world.members.findById(introducer.id))!.giftCount).toBe(introducer.giftCount + 1);
    expect(audit.entries.at(-1)).toMatchObject({ action: 'member.register', entityId: guest.value.id });
    expect(codeOf(await manage.update(STAFF, guest.value.id, { status: 'FULL' }))).toBe('ALREADY_MEMBER');
    const back = await manage.update(STAFF, guest.value.id, { status: 'TEMPORARY' });
    expect(!back.ok && back.error.fields).toEqual([{ path: 'status', message: '本会員を仮会員に戻すことはできません。' }]);
    expect(codeOf(await manage.update(STAFF, '999', { name: 'x' }))).toBe('USER_NOT_FOUND');
    expect(codeOf(await manage.update(STAFF, guest.value.id, { clinicId: '999' }))).toBe('CLINIC_NOT_FOUND');
  });

  it('takes the next free card number again when a concurrent registration took it first', async () => {
    const { manage, clinic, world } = await setUp();
    const guest = await manage.create(STAFF, temporary(clinic.clinicId));
    if (!guest.ok) throw new Error(guest.error.code);
    // The number the use case reads is taken by someone else before its write.
    const next = world.members.nextUserNumber.bind(world.members);
    let first = true;
    world.members.nextUserNumber = async () => {
      const number = await next();
      if (first) {
        first = false;
        await world.members.update(clinic.otherMember.id, { userNumber: number });
      }
      return number;
    };
    const registered = await manage.update(STAFF, guest.value.id, { status: 'FULL' });
    expect(registered.ok && registered.value.userNumber).toBe('100004');
  });

  it('sets only known tags and adds contracts only for a contract menu', async () => {
    const { manage, clinic, tags, directory } = await setUp();
    const vip = await tags.create('VIP');
    const tagged = await manage.setTags(STAFF, clinic.member.id, [vip.id, '999']);
    expect(!tagged.ok && tagged.error).toEqual({ code: 'TAG_NOT_FOUND', fields: [{ path: 'tagIds.1', message: 'タグが見つかりません。' }] });
    expect(await directory.tagsOf(clinic.member.id)).toEqual([]);
    expect((await manage.setTags(STAFF, clinic.member.id, [vip.id, vip.id])).ok).toBe(true);
    expect(await directory.tagsOf(clinic.member.id)).toEqual([vip]);
    const contract = await manage.addContract(STAFF, clinic.member.id, { menuId: clinic.menus.course, sessionsTotal: 5, expiresOn: '2027-11-30' });
    expect(contract.ok && contract.value).toMatchObject({ userId: clinic.member.id, menuId: clinic.menus.course, sessionsTotal: 5, sessionsUsed: 0 });
    const notCourse = await manage.addContract(STAFF, clinic.member.id, { menuId: clinic.menus.laser, sessionsTotal: 5, expiresOn: null });
    expect(!notCourse.ok && notCourse.error.fields).toEqual([{ path: 'menuId', message: '役務メニューではありません。' }]);
    expect(codeOf(await manage.addContract(STAFF, clinic.member.id, { menuId: '999', sessionsTotal: 1, expiresOn: null }))).toBe('MENU_NOT_FOUND');
    expect(codeOf(await manage.addContract(STAFF, '999', { menuId: clinic.menus.course, sessionsTotal: 1, expiresOn: null }))).toBe('USER_NOT_FOUND');
  });
});

describe('ManageMembersUseCase: a member changes their own details', () => {
  const withPassword = async () => {
    const context = await setUp();
    const member = (await context.world.members.update(context.clinic.member.id, { passwordHash: 'plain:correct horse battery' }))!;
    return { ...context, member };
  };

  it('asks the current password for a new password or login e-mail, and a new password ends the other sessions', async () => {
    const { manage, member, sessions } = await withPassword();
    const missing = await manage.updateOwn(member, { email: 'new@example.jp' });
    expect(!missing.ok && missing.error.fields?.[0]?.path).toBe('currentPassword');
    // The same address in another case is no change of e-mail.
    expect((await manage.updateOwn(member, { email: member.email!.toUpperCase(), name: '山田 花子' })).ok).toBe(true);
    await sessions.set('here', { principal: { type: 'user', id: member.id } }, new Date(Date.parse(NOW) + 3_600_000));
    await sessions.set('phone', { principal: { type: 'user', id: member.id } }, new Date(Date.parse(NOW) + 3_600_000));
    const changed = await manage.updateOwn(member, { currentPassword: 'correct horse battery', newPassword: 'a new long password' }, { keepSessionId: 'here' });
    expect(changed.ok && changed.value.passwordHash).toBe('plain:a new long password');
    expect(await sessions.get('here')).not.toBeNull();
    expect(await sessions.get('phone')).toBeNull();
  });

  it('refuses a short password, LINE without a link, and answers 429 after five wrong current passwords', async () => {
    const { manage, member } = await withPassword();
    expect(codeOf(await manage.updateOwn(member, { newPassword: 'short' }))).toBe('VALIDATION_FAILED');
    const line = await manage.updateOwn(member, { notificationChannel: 'LINE' });
    expect(!line.ok && line.error.fields?.[0]?.path).toBe('notificationChannel');
    for (let i = 0; i < 5; i++) {
      const wrong = await manage.updateOwn(member, { currentPassword: 'wrong password!', newPassword: 'a new long password' });
      expect(!wrong.ok && wrong.error.fields).toEqual([{ path: 'currentPassword', message: '現在のパスワードが正しくありません。' }]);
    }
    const blocked = await manage.updateOwn(member, { currentPassword: 'correct horse battery', newPassword: 'a new long password' });
    expect(!blocked.ok && blocked.error).toMatchObject({ code: 'RATE_LIMITED', detail: { retryAfterSeconds: 900 } });
  });
});

describe('MemberAccountUseCase: registration and reset tokens', () => {
  it('issues a registration token for a FULL member only; it sets the password once, ending their sessions', async () => {
    const { account, manage, clinic, world, sessions } = await setUp();
    const guest = await manage.create(STAFF, temporary(clinic.clinicId, { email: null }));
    if (!guest.ok) throw new Error(guest.error.code);
    expect(codeOf(await account.issueRegistration(STAFF, guest.value.id))).toBe('NOT_FULLY_REGISTERED');
    expect(codeOf(await account.issueRegistration(STAFF, '999'))).toBe('USER_NOT_FOUND');
    const issued = await account.issueRegistration(STAFF, clinic.member.id);
    if (!issued.ok) throw new Error(issued.error.code);
    expect(issued.value.url).toBe(`https://clinic.example.jp/common/password/register/?token=${issued.value.token}&audience=user`);
    expect(issued.value.expiresAt).toEqual(new Date(Date.parse(NOW) + 24 * 3_600_000));
    const peeked = await account.peekRegistration(issued.value.token);
    expect(peeked.ok && peeked.value.member.id).toBe(clinic.member.id);
    await sessions.set('old', { principal: { type: 'user', id: clinic.member.id } }, new Date(Date.parse(NOW) + 3_600_000));
    expect(codeOf(await account.setPassword('REGISTER', issued.value.token, 'short'))).toBe('VALIDATION_FAILED');
    expect(codeOf(await account.setPassword('RESET', issued.value.token, 'a long enough password'))).toBe('INVALID_TOKEN');
    expect(codeOf(await account.setPassword('REGISTER', issued.value.token, 'a long enough password'))).toBe('ok');
    expect((await world.members.findById(clinic.member.id))!.passwordHash).toBe('plain:a long enough password');
    expect(await sessions.get('old')).toBeNull();
    expect(codeOf(await account.setPassword('REGISTER', issued.value.token, 'another long password'))).toBe('INVALID_TOKEN');
  });

  it('a newer token ends the older; a token past its 24 hours is TOKEN_EXPIRED', async () => {
    const { account, clinic, clock } = await setUp();
    const first = await account.issueRegistration(STAFF, clinic.member.id);
    const second = await account.issueRegistration(STAFF, clinic.member.id);
    if (!first.ok || !second.ok) throw new Error('issue');
    expect(codeOf(await account.peekRegistration(first.value.token))).toBe('INVALID_TOKEN');
    clock.set('2026-12-02T10:00:00+09:00');
    expect(codeOf(await account.peekRegistration(second.value.token))).toBe('TOKEN_EXPIRED');
    expect(codeOf(await account.setPassword('REGISTER', second.value.token, 'a long enough password'))).toBe('TOKEN_EXPIRED');
  });

  it("mails a 30-minute reset link to a FULL member's address, and says nothing about an unknown one", async () => {
    const { account, clinic, mail } = await setUp();
    expect(await account.requestReset('nobody@example.jp')).toEqual({ ok: true, value: undefined });
    expect(await mail.list(10)).toEqual([]);
    expect(await account.requestReset(` ${clinic.member.email!.toUpperCase()} `)).toEqual({ ok: true, value: undefined });
    const [sent] = await mail.list(10);
    expect(sent).toMatchObject({ to: clinic.member.email });
    const token = /token=([^&\s]+)&audience=user&purpose=reset/.exec(sent!.text)?.[1];
    expect(token).toBeDefined();
    expect(codeOf(await account.setPassword('RESET', decodeURIComponent(token!), 'a long enough password'))).toBe('ok');
  });
});
