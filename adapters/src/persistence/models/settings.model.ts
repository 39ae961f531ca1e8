import { Model } from 'objection';

export class CalendarMemoModel extends Model {
  static override tableName = 'calendar_memos';
  id!: string;
  clinic_id!: string;
  date!: string;
  content!: string;
  updated_by!: string | null;
  updated_at!: Date | string;
}

export class TagModel extends Model {
  static override tableName = 'tags';
  id!: string;
  name!: string;
  display_order!: number;
}

export class CheckConditionModel extends Model {
  static override tableName = 'check_conditions';
  id!: string;
  name!: string;
  kind!: 'ALWAYS' | 'FIRST_VISIT' | 'CATEGORY';
  category_id!: string | null;
  display_order!: number;
}

export class CheckItemModel extends Model {
  static override tableName = 'check_items';
  id!: string;
  user_id!: string;
  condition_id!: string;
  checked!: boolean;
  checked_at!: Date | string | null;
  checked_by!: string | null;
  note!: string;
}

export class AnnouncementModel extends Model {
  static override tableName = 'announcements';
  id!: string;
  clinic_id!: string | null;
  title!: string;
  body!: string;
  published_from!: Date | string;
  published_until!: Date | string | null;
  created_by!: string | null;
}
