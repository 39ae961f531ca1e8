import { Model } from 'objection';

export class OpeningHoursModel extends Model {
  static override tableName = 'clinic_opening_hours';
  static override idColumn = ['clinic_id', 'weekday'];
  clinic_id!: string;
  weekday!: number;
  open_time!: string;
  close_time!: string;
}

export class ClinicModel extends Model {
  static override tableName = 'clinics';
  id!: string;
  name!: string;
  phone!: string;
  homepage_url!: string | null;
  web_booking_enabled!: boolean;
  hoken_category_id!: string | null;
  update_deadline_hours!: number;
  cancel_deadline_hours!: number;
  min_lead_minutes!: number;
  opening_hours?: OpeningHoursModel[];

  static override relationMappings = () => ({
    opening_hours: {
      relation: Model.HasManyRelation,
      modelClass: OpeningHoursModel,
      join: { from: 'clinics.id', to: 'clinic_opening_hours.clinic_id' },
    },
  });
}
