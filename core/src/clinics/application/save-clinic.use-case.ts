import type { AuditLogPort } from '../../audit/ports/audit-log.port';
import type { Actor } from '../../shared/actor';
import { checkClinicScope, type ScopedActor } from '../../clinic-scope/domain/clinic-scope';
import { fail, ok, type Result } from '../../shared/result';
import { DEFAULT_REMINDER_RULES } from '../../messages/domain/reminder-rules';
import { type Clinic, type ClinicSettings, validateClinicSettings } from '../domain/clinic.entity';
import type { ClinicRepositoryPort } from '../ports/clinic-repository.port';
import type { MenuCategoryLookupPort } from '../ports/menu-category-lookup.port';

type SaveError = 'VALIDATION_FAILED' | 'CLINIC_DUPLICATE' | 'CATEGORY_NOT_FOUND';

const HOKEN_NOT_OURS = { path: 'hokenCategoryId', message: '保険診療のカテゴリは、このクリニックのメニューカテゴリから選んでください。' } as const;

/** Creates a clinic, or replaces the whole of one clinic's settings. */
export class SaveClinicUseCase {
  constructor(
    private readonly clinics: ClinicRepositoryPort,
    private readonly audit: AuditLogPort,
    private readonly categories: MenuCategoryLookupPort,
  ) {}

  async create(actor: Actor, settings: ClinicSettings): Promise<Result<Clinic, SaveError>> {
    const valid = validateClinicSettings({ ...settings, reminderRules: settings.reminderRules ?? DEFAULT_REMINDER_RULES });
    if (!valid.ok) return valid;
    // A new clinic has no categories yet, so it cannot name one as its insurance category.
    if (valid.value.hokenCategoryId !== null) return fail('CATEGORY_NOT_FOUND', { fields: [HOKEN_NOT_OURS] });
    const clinic = await this.clinics.create(valid.value);
    await this.audit.append({ actorType: actor.type, actorId: actor.id, action: 'clinic.create', entity: 'clinic', entityId: clinic.id, after: clinic });
    return ok(clinic);
  }

  /** Only by those who manage the clinic (`checkClinicScope`). */
  async update(actor: ScopedActor, id: string, settings: ClinicSettings): Promise<Result<Clinic, SaveError | 'CLINIC_NOT_FOUND' | 'FORBIDDEN'>> {
    const scope = checkClinicScope(actor, id);
    if (!scope.ok) return scope;
    const before = await this.clinics.findById(id);
    if (!before) return fail('CLINIC_NOT_FOUND');
    // Breaks left out are kept, so they must still fit the new opening hours; rules left out are kept as well.
    const valid = validateClinicSettings({
      ...settings,
      breaks: settings.breaks ?? before.breaks,
      reminderRules: settings.reminderRules ?? before.reminderRules,
    });
    if (!valid.ok) return valid;
    const hoken = valid.value.hokenCategoryId;
    if (hoken !== null && (await this.categories.clinicOfCategory(hoken)) !== id) {
      return fail('CATEGORY_NOT_FOUND', { fields: [HOKEN_NOT_OURS] });
    }
    const clinic = await this.clinics.update(id, settings.breaks ? valid.value : { ...valid.value, breaks: undefined });
    if (!clinic) return fail('CLINIC_NOT_FOUND');
    await this.audit.append({ actorType: actor.type, actorId: actor.id, action: 'clinic.update', entity: 'clinic', entityId: id, before, after: clinic });
    return ok(clinic);
  }

  /** The name, phone and web booking switch alone; every other setting (hours, breaks, holidays, deadlines) stays as it is. */
  async updateBasics(
    actor: ScopedActor,
    id: string,
    basics: Pick<ClinicSettings, 'name' | 'phone' | 'webBookingEnabled'>,
  ): Promise<Result<Clinic, SaveError | 'CLINIC_NOT_FOUND' | 'FORBIDDEN'>> {
    const scope = checkClinicScope(actor, id);
    if (!scope.ok) return scope;
    const current = await this.clinics.findById(id);
    if (!current) return fail('CLINIC_NOT_FOUND');
    const { id: _id, breaks: _breaks, holidays: _holidays, ...settings } = current;
    return this.update(actor, id, { ...settings, ...basics });
  }
}
