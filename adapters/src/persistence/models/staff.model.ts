import { Model } from 'objection';

export class StaffModel extends Model {
  static override tableName = 'staffs';
  id!: string;
  employee_number!: string;
  email!: string;
  name!: string;
  role!: 'ADMIN' | 'STAFF';
  clinic_id!: string | null;
  priority!: number;
  password_hash!: string | null;
  doctor!: boolean;
  deleted_at!: Date | string | null;
}
