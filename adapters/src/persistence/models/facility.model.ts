import { Model } from 'objection';

/** A row of `rooms` or `machines` (the two tables have the same columns). */
export class RoomModel extends Model {
  static override tableName = 'rooms';
  id!: string;
  clinic_id!: string;
  name!: string;
  display_order!: number;
  enabled!: boolean;
  deleted_at!: Date | null;
}

export class MachineModel extends RoomModel {
  static override tableName = 'machines';
}
