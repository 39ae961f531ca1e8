import {
  KnexClinicRepository,
  KnexFormRepository,
  KnexFormResponseStore,
  KnexMemberRepository,
  KnexMenuCategoryRepository,
  KnexMenuRepository,
  KnexStaffRepository,
  type Database,
} from '@clinic/adapters/persistence';
import { SecretBox } from '@clinic/adapters/security';
import { canonicalJson, chainHash, verifyChain, type ChainTip, type FormRepositoryPort, type FormResponseStorePort, type NewFormResponse } from '@clinic/core';
import { InMemoryFormRepository, InMemoryFormResponseStore, sha256Hasher } from '@clinic/test/fakes';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeTestDatabase, databaseTargets, truncateAll } from '../support/databases';
import { aClinic, aMember, aMenu, aStaff } from '../support/mothers';

interface World {
  readonly forms: FormRepositoryPort;
  readonly store: FormResponseStorePort;
  readonly userId: string;
  readonly otherUserId: string;
  readonly doctorId: string;
  /** Two menus of one clinic, for the forms they ask for. */
  readonly menuIds: readonly [string, string];
}

const record =
  (
    userId: string,
    formId: string,
    versionId: string,
    reservationId: string,
    answers: Record<string, string | boolean>,
    kind: 'QUESTIONNAIRE' | 'CONSENT' = 'QUESTIONNAIRE',
  ) =>
  (tip: ChainTip): NewFormResponse => {
    const base = {
      userId,
      reservationId,
      formId,
      versionId,
      kind,
      answers,
      flags: answers.pregnant === true ? ['妊娠の可能性あり'] : [],
      signature: kind === 'CONSENT' ? { name: '山田 花子', image: 'data:image/png;base64,iVBORw0KGgo=', guardian: null } : null,
      language: 'ja' as const,
      submittedAt: '2026-12-01T10:00:00+09:00',
      amends: tip.amends,
    };
    const canonical = canonicalJson(base);
    return { ...base, canonical, prevHash: tip.prevHash, hash: chainHash(sha256Hasher, tip.prevHash, canonical) };
  };

const publishedForm = async (forms: FormRepositoryPort, kind: 'QUESTIONNAIRE' | 'CONSENT') => {
  const form = await forms.create({ kind, title: kind === 'CONSENT' ? '同意書' : '問診票', checkConditionId: null, translations: {} });
  const version = await forms.createVersion(form.id, {
    items: [{ key: 'pregnant', type: 'yesno', label: '妊娠の可能性', required: true }],
    body: kind === 'CONSENT' ? '本文' : null,
    translations: {},
  });
  await forms.publish(version.id, Date.parse('2026-11-01T00:00:00Z'), 'a'.repeat(64));
  return { formId: form.id, versionId: version.id };
};

/** The behaviour every store keeps: the in-memory fake, PGlite and PostgreSQL alike. */
const storeContract = (name: string, setUp: () => Promise<World>) => {
  describe(`form response store: ${name}`, () => {
    let world: World;
    beforeEach(async () => {
      world = await setUp();
    });

    it('chains a person’s responses and amends the last one of the same form and reservation', async () => {
      const { formId, versionId } = await publishedForm(world.forms, 'QUESTIONNAIRE');
      const first = await world.store.append(world.userId, formId, '100', record(world.userId, formId, versionId, '100', { pregnant: true }));
      const other = await world.store.append(world.otherUserId, formId, '101', record(world.otherUserId, formId, versionId, '101', { pregnant: false }));
      const second = await world.store.append(world.userId, formId, '100', record(world.userId, formId, versionId, '100', { pregnant: false }));
      expect(first).toMatchObject({ prevHash: '', amends: null, answers: { pregnant: true }, flags: ['妊娠の可能性あり'], countersign: null });
      expect(other.prevHash).toBe('');
      expect(second).toMatchObject({ prevHash: first.hash, amends: first.id });
      const chain = await world.store.listForPerson(world.userId);
      expect(chain.map((each) => each.id)).toEqual([first.id, second.id]);
      expect(verifyChain(sha256Hasher, chain)).toBe(true);
      expect((await world.store.lastOfForm(world.userId, formId))?.id).toBe(second.id);
      expect((await world.store.listForReservations(['100', '101'])).map((each) => each.id)).toEqual([first.id, other.id, second.id]);
      expect(await world.store.findById(first.id)).toEqual(first);
    });

    it('keeps two submissions at once, in order, with the chain unbroken', async () => {
      const { formId, versionId } = await publishedForm(world.forms, 'QUESTIONNAIRE');
      const sent = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          world.store.append(world.userId, formId, '100', record(world.userId, formId, versionId, '100', { pregnant: index % 2 === 0, n: String(index) })),
        ),
      );
      const chain = await world.store.listForPerson(world.userId);
      expect(chain).toHaveLength(8);
      expect(new Set(sent.map((each) => each.id)).size).toBe(8);
      expect(verifyChain(sha256Hasher, chain)).toBe(true);
      // Each amends the one before it: none was lost in between.
      expect(chain.slice(1).map((each) => each.amends)).toEqual(chain.slice(0, -1).map((each) => each.id));
    });

    it('countersigns once; a consent counts as complete only then', async () => {
      const consent = await publishedForm(world.forms, 'CONSENT');
      const questionnaire = await publishedForm(world.forms, 'QUESTIONNAIRE');
      const signed = await world.store.append(
        world.userId,
        consent.formId,
        '100',
        record(world.userId, consent.formId, consent.versionId, '100', { pregnant: false }, 'CONSENT'),
      );
      await world.store.append(
        world.userId,
        questionnaire.formId,
        '100',
        record(world.userId, questionnaire.formId, questionnaire.versionId, '100', { pregnant: false }),
      );
      expect(await world.store.completions([world.userId], [consent.formId, questionnaire.formId])).toEqual([
        { userId: world.userId, formId: questionnaire.formId, reservationId: '100' },
      ]);
      const countersign = {
        staffId: world.doctorId,
        staffName: '医師 一郎',
        mode: 'IN_PERSON' as const,
        at: '2026-12-01T11:00:00+09:00',
        recordedBy: world.doctorId,
      };
      const done = await world.store.countersign(signed.id, countersign);
      expect(done.countersign).toEqual(countersign);
      expect(done.signature).toEqual({ name: '山田 花子', image: 'data:image/png;base64,iVBORw0KGgo=', guardian: null });
      await expect(world.store.countersign(signed.id, countersign)).rejects.toMatchObject({ error: { code: 'ALREADY_COUNTERSIGNED' } });
      expect((await world.store.completions([world.userId], [consent.formId])).map((each) => each.formId)).toEqual([consent.formId]);
    });

    it('answers a status’s facts in one read: asked forms with an active version, first-visit completions, responses with their flags', async () => {
      const [menuA, menuB] = world.menuIds;
      const questionnaire = await publishedForm(world.forms, 'QUESTIONNAIRE');
      const consent = await publishedForm(world.forms, 'CONSENT');
      const draftOnly = await world.forms.create({ kind: 'QUESTIONNAIRE', title: '下書きのみ', checkConditionId: null, translations: {} });
      await world.forms.createVersion(draftOnly.id, { items: [{ key: 'a', type: 'text', label: 'A' }], body: null, translations: {} });
      await world.forms.setMenuForms(menuA, [
        { formId: consent.formId, when: 'FIRST_VISIT' },
        { formId: draftOnly.id, when: 'EVERY_VISIT' },
        { formId: questionnaire.formId, when: 'EVERY_VISIT' },
      ]);
      await world.forms.setMenuForms(menuB, [{ formId: questionnaire.formId, when: 'FIRST_VISIT' }]);
      // The person's consent for visit 100, countersigned; a questionnaire for 101 with a flag; another person's for 102.
      const signed = await world.store.append(
        world.userId,
        consent.formId,
        '100',
        record(world.userId, consent.formId, consent.versionId, '100', { pregnant: false }, 'CONSENT'),
      );
      await world.store.countersign(signed.id, {
        staffId: world.doctorId,
        staffName: '医師',
        mode: 'IN_PERSON',
        at: '2026-12-01T11:00:00+09:00',
        recordedBy: null,
      });
      await world.store.append(
        world.userId,
        questionnaire.formId,
        '101',
        record(world.userId, questionnaire.formId, questionnaire.versionId, '101', { pregnant: true }),
      );
      await world.store.append(
        world.otherUserId,
        questionnaire.formId,
        '102',
        record(world.otherUserId, questionnaire.formId, questionnaire.versionId, '102', { pregnant: true }),
      );
      const facts = await world.store.statusFacts({ reservationIds: ['100', '101', '999'], userIds: [world.userId], menuIds: [menuB, menuA] });
      expect(facts.requirements).toEqual(
        [
          { menuId: menuA, formId: consent.formId, when: 'FIRST_VISIT' },
          { menuId: menuA, formId: questionnaire.formId, when: 'EVERY_VISIT' },
          { menuId: menuB, formId: questionnaire.formId, when: 'FIRST_VISIT' },
        ].sort((a, b) => Number(a.menuId) - Number(b.menuId)),
      );
      expect([...facts.completions].sort((a, b) => a.formId.localeCompare(b.formId))).toEqual(
        [
          { userId: world.userId, formId: consent.formId, reservationId: '100' },
          { userId: world.userId, formId: questionnaire.formId, reservationId: '101' },
        ].sort((a, b) => a.formId.localeCompare(b.formId)),
      );
      expect(facts.responses).toEqual([
        { reservationId: '100', formId: consent.formId, kind: 'CONSENT', countersigned: true, flags: [] },
        { reservationId: '101', formId: questionnaire.formId, kind: 'QUESTIONNAIRE', countersigned: false, flags: ['妊娠の可能性あり'] },
      ]);
      expect(await world.store.statusFacts({ reservationIds: [], userIds: [], menuIds: [] })).toEqual({ requirements: [], completions: [], responses: [] });
    });
  });
};

storeContract('in memory', async () => {
  const forms = new InMemoryFormRepository();
  return { forms, store: new InMemoryFormResponseStore(forms), userId: '7', otherUserId: '8', doctorId: '3', menuIds: ['41', '42'] };
});

describe.each(databaseTargets())('form records in $name', (target) => {
  let db: Database;
  let key: Buffer;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(() => closeTestDatabase(db));

  const setUp = async (): Promise<World> => {
    await truncateAll(db);
    key = SecretBox.generateKey();
    const clinicId = (await new KnexClinicRepository(db.knex).create(aClinic())).id;
    const members = new KnexMemberRepository(db.knex);
    const userId = (await members.create(aMember(clinicId, { name: '山田 花子', phone: '090-1111-2222' }))).id;
    const otherUserId = (await members.create(aMember(clinicId, { name: '佐藤 次郎', phone: '090-3333-4444' }))).id;
    const doctorId = (await new KnexStaffRepository(db.knex).create(aStaff({ clinicId, doctor: true }))).id;
    const categoryId = (await new KnexMenuCategoryRepository(db.knex).create({ clinicId, name: '医療脱毛', displayOrder: 0 })).id;
    const menus = new KnexMenuRepository(db.knex);
    const menu = (name: string) => menus.create(aMenu(clinicId, categoryId, { name }));
    const menuIds = [(await menu('医療脱毛（全身）')).id, (await menu('医療脱毛（顔）')).id] as const;
    return { forms: new KnexFormRepository(db.knex), store: new KnexFormResponseStore(db.knex, new SecretBox(key)), userId, otherUserId, doctorId, menuIds };
  };

  // `storeContract` registers its own describe: run it against this database.
  storeContract(target.name, setUp);

  describe('in the database itself', () => {
    let world: World;
    beforeEach(async () => {
      world = await setUp();
    });

    it('refuses UPDATE, DELETE and TRUNCATE of responses and countersigns', async () => {
      const { formId, versionId } = await publishedForm(world.forms, 'CONSENT');
      const response = await world.store.append(world.userId, formId, '100', record(world.userId, formId, versionId, '100', { pregnant: true }, 'CONSENT'));
      await world.store.countersign(response.id, {
        staffId: world.doctorId,
        staffName: '医師',
        mode: 'ONLINE',
        at: '2026-12-01T11:00:00+09:00',
        recordedBy: null,
      });
      await expect(db.knex.raw(`update form_responses set hash = 'x' where id = ?`, [response.id])).rejects.toThrow(/append-only/);
      await expect(db.knex.raw('delete from form_responses where id = ?', [response.id])).rejects.toThrow(/append-only/);
      await expect(db.knex.raw('truncate form_responses cascade')).rejects.toThrow(/append-only/);
      await expect(db.knex.raw(`update form_countersigns set mode = 'IN_PERSON'`)).rejects.toThrow(/append-only/);
      await expect(db.knex.raw('delete from form_countersigns')).rejects.toThrow(/append-only/);
      // Nor can the person be deleted from under their responses.
      await expect(db.knex.raw('delete from users where id = ?', [world.userId])).rejects.toThrow();
      expect(await world.store.findById(response.id)).toMatchObject({ hash: response.hash, countersign: { mode: 'ONLINE' } });
    });

    it('keeps answers, signature and canonical text sealed at rest, bound to their row', async () => {
      const { formId, versionId } = await publishedForm(world.forms, 'CONSENT');
      const response = await world.store.append(
        world.userId,
        formId,
        '100',
        record(world.userId, formId, versionId, '100', { pregnant: true, note: 'ワーファリン服用中' }, 'CONSENT'),
      );
      const row = (await db.knex('form_responses').where('id', response.id).first()) as Record<string, unknown>;
      const stored = JSON.stringify(row);
      expect(stored).not.toContain('ワーファリン');
      expect(stored).not.toContain('山田 花子');
      expect(stored).not.toContain('iVBORw0KGgo');
      expect(row.sealed).toMatch(/^v1\./);
      expect(row.hash).toBe(response.hash);
      const stranger = new KnexFormResponseStore(db.knex, new SecretBox(SecretBox.generateKey()));
      await expect(stranger.findById(response.id)).rejects.toThrow();
    });

    it('reads the flags of a response sent before the flags were sealed apart (migration 0075) from its whole sealed value', async () => {
      const { formId, versionId } = await publishedForm(world.forms, 'QUESTIONNAIRE');
      const response = await world.store.append(world.userId, formId, '100', record(world.userId, formId, versionId, '100', { pregnant: true }));
      const row = (await db.knex('form_responses').where('id', response.id).first()) as Record<string, unknown>;
      expect(row.flags_sealed).toMatch(/^v1\./);
      expect(JSON.stringify(row)).not.toContain('妊娠');
      await db.knex.raw('alter table form_responses disable trigger form_responses_no_change');
      await db.knex('form_responses').where('id', response.id).update({ flags_sealed: null });
      await db.knex.raw('alter table form_responses enable trigger form_responses_no_change');
      const facts = await world.store.statusFacts({ reservationIds: ['100'], userIds: [world.userId], menuIds: [] });
      expect(facts.responses).toEqual([{ reservationId: '100', formId, kind: 'QUESTIONNAIRE', countersigned: false, flags: ['妊娠の可能性あり'] }]);
    });

    it('never changes a published version, but a draft may change', async () => {
      const { versionId } = await publishedForm(world.forms, 'QUESTIONNAIRE');
      await expect(db.knex.raw(`update form_versions set definition = '{}' where id = ?`, [versionId])).rejects.toThrow(/never changes/);
      await expect(db.knex.raw('delete from form_versions where id = ?', [versionId])).rejects.toThrow(/cannot be deleted/);
      const form = await world.forms.create({ kind: 'QUESTIONNAIRE', title: '下書き', checkConditionId: null, translations: {} });
      const draft = await world.forms.createVersion(form.id, { items: [{ key: 'a', type: 'text', label: 'A' }], body: null, translations: {} });
      const edited = await world.forms.updateDraft(draft.id, { items: [{ key: 'b', type: 'text', label: 'B' }], body: null, translations: {} });
      expect(edited?.items).toEqual([{ key: 'b', type: 'text', label: 'B' }]);
      const published = await world.forms.publish(draft.id, Date.parse('2026-11-02T00:00:00Z'), 'b'.repeat(64));
      expect(published).toMatchObject({ status: 'ACTIVE', version: 1, hash: 'b'.repeat(64), publishedAt: '2026-11-02T09:00:00+09:00' });
      expect(await world.forms.updateDraft(draft.id, { items: [], body: null, translations: {} })).toBeNull();
      const second = await world.forms.createVersion(form.id, { items: [{ key: 'c', type: 'text', label: 'C' }], body: null, translations: {} });
      expect(second.version).toBe(2);
      await world.forms.publish(second.id, Date.parse('2026-11-03T00:00:00Z'), 'c'.repeat(64));
      expect((await world.forms.versions(form.id)).map((each) => each.status)).toEqual(['RETIRED', 'ACTIVE']);
      expect((await world.forms.findById(form.id))?.activeVersionId).toBe(second.id);
    });
  });
});
