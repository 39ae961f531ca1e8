import type { Translations } from '@clinic/core';
import { Model } from 'objection';

export class MenuCategoryModel extends Model {
  static override tableName = 'menu_categories';
  id!: string;
  clinic_id!: string;
  name!: string;
  translations!: Translations | string;
  display_order!: number;
}

export class MenuTaskModel extends Model {
  static override tableName = 'menu_tasks';
  id!: string;
  menu_id!: string;
  position!: number;
  label!: string;
  duration_minutes!: number;
  needs_staff!: boolean;
}

export class MenuModel extends Model {
  static override tableName = 'menus';
  id!: string;
  clinic_id!: string;
  category_id!: string;
  name!: string;
  description!: string;
  pre_visit_note!: string;
  translations!: Translations | string;
  display_order!: number;
  enabled!: boolean;
  web_bookable!: boolean;
  kind!: 'NEW' | 'CONTRACT' | 'INSURANCE';
  price!: number;
  after_menu_id!: string | null;
}
