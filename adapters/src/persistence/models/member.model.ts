import { Model } from 'objection';

export class MemberModel extends Model {
  static override tableName = 'users';
  id!: string;
  user_number!: string | null;
  name!: string;
  kana!: string;
  phone!: string;
  email!: string | null;
  birthday!: string | null;
  gender!: string | null;
  clinic_id!: string;
  status!: 'TEMPORARY' | 'FULL';
  password_hash!: string | null;
  line_user_id!: string | null;
  introducer_user_id!: string | null;
  gift_count!: number;
  notification_channel!: 'LINE' | 'MAIL' | 'NONE' | null;
  language!: 'ja' | 'en' | 'zh-CN';
  external_member_id!: string | null;
}
