import { isEmailLike, type Member, type MemberChanges, type MemberRepositoryPort, type MemberWriteOptions, type NewMember } from '@clinic/core';
import type { Knex } from 'knex';
import { MemberModel } from '../models/member.model';
import { translateDbError } from '../pg-errors';

const CONSTRAINTS = {
  users_email_unique: 'EMAIL_DUPLICATE',
  users_user_number_unique: 'ACCOUNT_EXISTS',
  users_line_user_id_unique: 'ACCOUNT_EXISTS',
  // The salon system's member id (migration 0014).
  users_external_member_id_unique: 'ACCOUNT_EXISTS',
} as const;

const optionalId = (value: string | null): string | null => (value === null ? null : String(value));

/** PGlite may hand a `date` back as a Date at UTC midnight; PostgreSQL (pg) as text. */
const dateText = (value: string | Date | null): string | null => (value instanceof Date ? value.toISOString().slice(0, 10) : value);

const toMember = (row: MemberModel): Member => ({
  id: String(row.id),
  userNumber: row.user_number,
  name: row.name,
  kana: row.kana,
  phone: row.phone,
  email: row.email,
  birthday: dateText(row.birthday),
  gender: row.gender,
  clinicId: String(row.clinic_id),
  status: row.status,
  passwordHash: row.password_hash,
  lineUserId: row.line_user_id,
  introducerUserId: optionalId(row.introducer_user_id),
  giftCount: row.gift_count,
  externalMemberId: row.external_member_id,
  notificationChannel: row.notification_channel ?? null,
  language: row.language ?? 'ja',
});

export class KnexMemberRepository implements MemberRepositoryPort {
  constructor(private readonly knex: Knex) {}

  async findById(id: string): Promise<Member | null> {
    if (!/^\d{1,18}$/.test(id)) return null;
    const row = await MemberModel.query(this.knex).findById(id);
    return row ? toMember(row) : null;
  }

  async findByLoginIdentifier(identifier: string): Promise<Member | null> {
    const query = MemberModel.query(this.knex);
    const row = isEmailLike(identifier)
      ? await query.whereRaw('lower(email) = lower(?)', [identifier]).first()
      : await query.where('user_number', identifier).first();
    return row ? toMember(row) : null;
  }

  async create(member: NewMember, options: MemberWriteOptions = {}): Promise<Member> {
    try {
      return await this.knex.transaction(async (trx) => {
        const row = await MemberModel.query(trx)
          .insert({
            user_number: member.userNumber,
            name: member.name,
            kana: member.kana,
            phone: member.phone,
            email: member.email,
            birthday: member.birthday,
            gender: member.gender,
            clinic_id: member.clinicId,
            status: member.status,
            password_hash: member.passwordHash,
            line_user_id: member.lineUserId,
            introducer_user_id: member.introducerUserId,
            gift_count: member.giftCount,
            external_member_id: member.externalMemberId,
            ...(member.language ? { language: member.language } : {}),
          })
          .returning('*');
        if (options.creditIntroducer) await creditIntroducer(trx, row.introducer_user_id);
        return toMember(row);
      });
    } catch (error) {
      return translateDbError(error, CONSTRAINTS);
    }
  }

  async update(id: string, changes: MemberChanges, options: MemberWriteOptions = {}): Promise<Member | null> {
    if (!/^\d{1,18}$/.test(id)) return null;
    const patch: Record<string, unknown> = {};
    for (const [key, column] of COLUMNS) if (changes[key] !== undefined) patch[column] = changes[key];
    try {
      return await this.knex.transaction(async (trx) => {
        const rows: MemberModel[] = await trx('users')
          .update({ ...patch, updated_at: trx.fn.now() })
          .where('id', id)
          .returning('*');
        const row = rows[0];
        if (!row) return null;
        if (options.creditIntroducer) await creditIntroducer(trx, row.introducer_user_id);
        return toMember(row);
      });
    } catch (error) {
      return translateDbError(error, CONSTRAINTS);
    }
  }

  async nextUserNumber(): Promise<string> {
    const row = await this.knex('users').whereRaw("user_number ~ '^[0-9]{1,18}$'").first(this.knex.raw('max(user_number::bigint) as top'));
    const top = row?.top === null || row?.top === undefined ? 0 : Number(row.top);
    return String(Math.max(100001, top + 1));
  }
}

const COLUMNS: ReadonlyArray<readonly [keyof MemberChanges, string]> = [
  ['name', 'name'],
  ['kana', 'kana'],
  ['phone', 'phone'],
  ['email', 'email'],
  ['birthday', 'birthday'],
  ['gender', 'gender'],
  ['clinicId', 'clinic_id'],
  ['externalMemberId', 'external_member_id'],
  ['userNumber', 'user_number'],
  ['status', 'status'],
  ['passwordHash', 'password_hash'],
  ['lineUserId', 'line_user_id'],
  ['giftCount', 'gift_count'],
  ['notificationChannel', 'notification_channel'],
  ['language', 'language'],
];

const creditIntroducer = async (trx: Knex.Transaction, introducerId: string | null): Promise<void> => {
  if (introducerId === null) return;
  await trx('users').where('id', introducerId).increment('gift_count', 1);
};
