import type { Language } from '../../shared/language';
import type { NotificationPreference } from '../../messages/domain/message.entity';
import type { Member, MemberChanges, MemberStatus } from '../../accounts/domain/member.entity';
import type { MemberRepositoryPort } from '../../accounts/ports/member-repository.port';
import type { PasswordHasherPort } from '../../accounts/ports/password-hasher.port';
import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import { DomainRuleViolation } from '../../shared/errors';
import { fail, ok, type Result } from '../../shared/result';
import type { Contract } from '../domain/contract.entity';
import type { LoginAttemptLimiterPort } from '../../accounts/ports/login-attempt-limiter.port';
import type { SessionRevokerPort } from '../../accounts/ports/session-store.port';
import {
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  cardNumberField,
  changesEmail,
  checkStatusChange,
  validateMemberPassword,
} from '../domain/member.rules';
import type { ContractRepositoryPort } from '../ports/contract-repository.port';
import type { MemberDirectoryPort } from '../ports/member-directory.port';

export interface MemberDetails {
  readonly name?: string;
  readonly kana?: string;
  readonly phone?: string;
  readonly email?: string | null;
  readonly birthday?: string | null;
  readonly gender?: string | null;
}

export interface CreateMemberCommand extends MemberDetails {
  readonly clinicId: string;
  readonly name: string;
  readonly kana: string;
  readonly phone: string;
  readonly status: MemberStatus;
  readonly userNumber?: string | null;
  readonly introducerUserNumber?: string | null;
}

export interface UpdateMemberCommand extends MemberDetails {
  readonly clinicId?: string;
  readonly externalMemberId?: string | null;
  readonly userNumber?: string;
  readonly status?: MemberStatus;
}

export interface OwnChangeCommand extends MemberDetails {
  /** 受け取り方法: LINE, mail or none. */
  readonly notificationChannel?: NotificationPreference;
  /** The language of the member's screens and messages. */
  readonly language?: Language;
  readonly currentPassword?: string;
  readonly newPassword?: string;
}

const details = (command: MemberDetails): MemberChanges => ({
  name: command.name,
  kana: command.kana,
  phone: command.phone,
  email: command.email,
  birthday: command.birthday,
  gender: command.gender,
});

/** Tries a write that takes the next free card number again when a concurrent one took it first. */
const withFreshNumber = async <T>(auto: boolean, attempt: () => Promise<T>): Promise<T> => {
  for (let tries = 0; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!auto || tries >= 4 || !(error instanceof DomainRuleViolation) || error.error.code !== 'ACCOUNT_EXISTS') throw error;
    }
  }
};

/**
 * Members as staff manage them (any clinic's staff, DOMAIN.md), and a member's own details. A
 * member made FULL (created so, or TEMPORARY → FULL) gets a card number, the next free one when
 * none is given, and earns their introducer one gift in the same write.
 */
export class ManageMembersUseCase {
  constructor(
    private readonly members: MemberRepositoryPort,
    private readonly directory: MemberDirectoryPort,
    private readonly contracts: ContractRepositoryPort,
    private readonly hasher: PasswordHasherPort,
    private readonly audit: AuditLogPort,
    /** A member's own change: the current-password check is limited (5 wrong in 15 minutes), and a new password ends their other sessions. */
    private readonly own?: { readonly limiter: LoginAttemptLimiterPort; readonly sessions: SessionRevokerPort },
  ) {}

  async create(staffId: string, command: CreateMemberCommand): Promise<Result<Member, 'INTRODUCER_NOT_FOUND' | 'CLINIC_NOT_FOUND' | 'VALIDATION_FAILED'>> {
    const field = cardNumberField(command.status, command.userNumber);
    if (field) return fail('VALIDATION_FAILED', { fields: [field] });
    if (!(await this.directory.clinicExists(command.clinicId)))
      return fail('CLINIC_NOT_FOUND', { fields: [{ path: 'clinicId', message: 'クリニックが見つかりません。' }] });
    let introducerUserId: string | null = null;
    if (command.introducerUserNumber) {
      const introducer = await this.members.findByLoginIdentifier(command.introducerUserNumber);
      if (!introducer || introducer.userNumber !== command.introducerUserNumber) {
        return fail('INTRODUCER_NOT_FOUND', { fields: [{ path: 'introducerUserNumber', message: '紹介者の診察券番号が見つかりません。' }] });
      }
      introducerUserId = introducer.id;
    }
    const full = command.status === 'FULL';
    const auto = full && !command.userNumber;
    const member = await withFreshNumber(auto, async () =>
      this.members.create(
        {
          userNumber: full ? (command.userNumber ?? (await this.members.nextUserNumber())) : null,
          name: command.name,
          kana: command.kana,
          phone: command.phone,
          email: command.email ?? null,
          birthday: command.birthday ?? null,
          gender: command.gender ?? null,
          clinicId: command.clinicId,
          status: command.status,
          passwordHash: null,
          lineUserId: null,
          introducerUserId,
          giftCount: 0,
          externalMemberId: null,
        },
        { creditIntroducer: full && introducerUserId !== null },
      ),
    );
    await this.audit.append({ actorType: 'staff', actorId: staffId, action: 'member.create', entity: 'user', entityId: member.id, after: safe(member) });
    return ok(member);
  }

  async update(
    staffId: string,
    id: string,
    command: UpdateMemberCommand,
  ): Promise<Result<Member, 'USER_NOT_FOUND' | 'ALREADY_MEMBER' | 'CLINIC_NOT_FOUND' | 'VALIDATION_FAILED'>> {
    const current = await this.members.findById(id);
    if (!current) return fail('USER_NOT_FOUND');
    const change = checkStatusChange(current, command.status);
    if (!change.ok) return change;
    const becomesFull = change.value.becomesFull;
    const field = cardNumberField(becomesFull ? 'FULL' : current.status, command.userNumber);
    if (field) return fail('VALIDATION_FAILED', { fields: [field] });
    if (command.clinicId !== undefined && command.clinicId !== current.clinicId && !(await this.directory.clinicExists(command.clinicId))) {
      return fail('CLINIC_NOT_FOUND', { fields: [{ path: 'clinicId', message: 'クリニックが見つかりません。' }] });
    }
    const auto = becomesFull && !command.userNumber && !current.userNumber;
    const updated = await withFreshNumber(auto, async () =>
      this.members.update(
        id,
        {
          ...details(command),
          clinicId: command.clinicId,
          externalMemberId: command.externalMemberId,
          userNumber: command.userNumber ?? (auto ? await this.members.nextUserNumber() : undefined),
          status: becomesFull ? 'FULL' : undefined,
        },
        { creditIntroducer: becomesFull },
      ),
    );
    if (!updated) return fail('USER_NOT_FOUND');
    await this.audit.append({
      actorType: 'staff',
      actorId: staffId,
      action: becomesFull ? 'member.register' : 'member.update',
      entity: 'user',
      entityId: id,
      before: safe(current),
      after: safe(updated),
    });
    return ok(updated);
  }

  async resetGift(staffId: string, id: string): Promise<Result<Member, 'USER_NOT_FOUND'>> {
    return this.simple(staffId, id, { giftCount: 0 }, 'member.reset-gift');
  }

  async unlinkLine(staffId: string, id: string): Promise<Result<Member, 'USER_NOT_FOUND'>> {
    return this.simple(staffId, id, { lineUserId: null }, 'member.unlink-line');
  }

  async setTags(staffId: string, id: string, tagIds: readonly string[]): Promise<Result<Member, 'USER_NOT_FOUND' | 'TAG_NOT_FOUND'>> {
    const member = await this.members.findById(id);
    if (!member) return fail('USER_NOT_FOUND');
    const unique = [...new Set(tagIds)];
    const unknown = await this.directory.unknownTagIds(unique);
    if (unknown.length > 0) {
      return fail('TAG_NOT_FOUND', { fields: unknown.map((tagId) => ({ path: `tagIds.${tagIds.indexOf(tagId)}`, message: 'タグが見つかりません。' })) });
    }
    await this.directory.setTags(id, unique);
    await this.audit.append({ actorType: 'staff', actorId: staffId, action: 'member.tags', entity: 'user', entityId: id, after: { tagIds: unique } });
    return ok(member);
  }

  /**
   * A member changes their own details. A new password or another login e-mail needs the current
   * password (someone at an unlocked screen cannot take the account over); five wrong ones in 15
   * minutes are 429. A new password ends every other session of the member (`keepSessionId` is
   * the one making the change).
   */
  async updateOwn(
    member: Member,
    command: OwnChangeCommand,
    context: { readonly keepSessionId?: string | null } = {},
  ): Promise<Result<Member, 'USER_NOT_FOUND' | 'VALIDATION_FAILED' | 'RATE_LIMITED'>> {
    // LINE reaches only a member whose LINE is linked (the settings screen offers it only then).
    if (command.notificationChannel === 'LINE' && member.lineUserId === null) {
      return fail('VALIDATION_FAILED', { fields: [{ path: 'notificationChannel', message: 'LINEで受け取るには、先にLINE連携をしてください。' }] });
    }
    let passwordHash: string | undefined;
    if (command.newPassword !== undefined) {
      const valid = validateMemberPassword(command.newPassword, 'newPassword');
      if (!valid.ok) return valid;
    }
    if (command.newPassword !== undefined || changesEmail(member.email, command.email)) {
      const checked = await this.checkCurrentPassword(member, command.currentPassword);
      if (!checked.ok) return checked;
    }
    if (command.newPassword !== undefined) passwordHash = await this.hasher.hash(command.newPassword);
    const updated = await this.members.update(member.id, {
      ...details(command),
      passwordHash,
      notificationChannel: command.notificationChannel,
      language: command.language,
    });
    if (!updated) return fail('USER_NOT_FOUND');
    if (passwordHash) await this.own?.sessions.endSessionsOf({ type: 'user', id: member.id }, context.keepSessionId ?? null);
    await this.audit.append({
      actorType: 'user',
      actorId: member.id,
      action: passwordHash ? 'member.self-update.password' : 'member.self-update',
      entity: 'user',
      entityId: member.id,
      before: safe(member),
      after: safe(updated),
    });
    return ok(updated);
  }

  private async checkCurrentPassword(member: Member, given: string | undefined): Promise<Result<void, 'VALIDATION_FAILED' | 'RATE_LIMITED'>> {
    const key = `current-password:user:${member.id}`;
    const retryAfter = (await this.own?.limiter.blockedFor(key)) ?? 0;
    if (retryAfter > 0) return fail('RATE_LIMITED', { detail: { retryAfterSeconds: retryAfter } });
    if (!given) return fail('VALIDATION_FAILED', { fields: [CURRENT_PASSWORD_REQUIRED] });
    if (!member.passwordHash || !(await this.hasher.verify(member.passwordHash, given))) {
      await this.own?.limiter.recordFailure(key);
      return fail('VALIDATION_FAILED', { fields: [CURRENT_PASSWORD_WRONG] });
    }
    await this.own?.limiter.reset(key);
    return ok(undefined);
  }

  async addContract(
    staffId: string,
    userId: string,
    command: { menuId: string; sessionsTotal: number; expiresOn: string | null },
  ): Promise<Result<Contract, 'USER_NOT_FOUND' | 'MENU_NOT_FOUND' | 'VALIDATION_FAILED'>> {
    if (!(await this.members.findById(userId))) return fail('USER_NOT_FOUND');
    const kind = await this.contracts.menuKind(command.menuId);
    if (kind === null) return fail('MENU_NOT_FOUND', { fields: [{ path: 'menuId', message: 'メニューが見つかりません。' }] });
    if (kind !== 'CONTRACT') return fail('VALIDATION_FAILED', { fields: [{ path: 'menuId', message: '役務メニューではありません。' }] });
    const contract = await this.contracts.add({ userId, ...command });
    await this.audit.append({ actorType: 'staff', actorId: staffId, action: 'contract.create', entity: 'contract', entityId: contract.id, after: contract });
    return ok(contract);
  }

  private async simple(staffId: string, id: string, changes: MemberChanges, action: string): Promise<Result<Member, 'USER_NOT_FOUND'>> {
    const current = await this.members.findById(id);
    if (!current) return fail('USER_NOT_FOUND');
    const updated = await this.members.update(id, changes);
    if (!updated) return fail('USER_NOT_FOUND');
    await this.audit.append({ actorType: 'staff', actorId: staffId, action, entity: 'user', entityId: id, before: safe(current), after: safe(updated) });
    return ok(updated);
  }
}

/** What the audit log keeps of a member: never the password hash. */
const safe = (member: Member) => ({ ...member, passwordHash: member.passwordHash ? '***' : null });
