import { KnexClinicRepository, KnexStaffRepository, KnexTwoFactorRepository, type Database } from '@clinic/adapters/persistence';
import { SecretBox, SecretBoxError } from '@clinic/adapters/security';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { aClinic, aStaff } from '../support/mothers';
import { closeTestDatabase, databaseTargets, truncateAll } from '../support/databases';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const T0 = new Date('2026-12-01T00:00:00Z');

/**
 * TOTP secrets are stored sealed (AES-256-GCM): the columns never hold the secret, each value
 * opens only with its key and on its own row, and secrets stored before sealing began are sealed
 * at start-up — where a wrong key stops the start rather than lock everybody out later.
 */
describe.each(databaseTargets())('two-factor secrets at rest on $name', (target) => {
  let db: Database;
  let key: Buffer;
  let repository: KnexTwoFactorRepository;
  let staffId: string;
  let otherId: string;
  const columns = (id: string) => db.knex('staffs').where({ id }).first('two_factor_secret', 'two_factor_pending_secret');

  beforeAll(async () => {
    db = await target.open();
  });
  beforeEach(async () => {
    await truncateAll(db);
    key = SecretBox.generateKey();
    repository = new KnexTwoFactorRepository(db.knex, new SecretBox(key));
    const clinicId = (await new KnexClinicRepository(db.knex).create(aClinic())).id;
    const staffs = new KnexStaffRepository(db.knex);
    staffId = (await staffs.create(aStaff({ employeeNumber: 'S0001', email: 's1@example.jp', clinicId }))).id;
    otherId = (await staffs.create(aStaff({ employeeNumber: 'S0002', email: 's2@example.jp', clinicId }))).id;
  });
  afterAll(() => closeTestDatabase(db));

  it('stores the pending and the active secret sealed, and answers them opened', async () => {
    await repository.savePending(staffId, SECRET);
    const pending = await columns(staffId);
    expect(pending.two_factor_pending_secret).toMatch(/^v1\./);
    expect(pending.two_factor_pending_secret).not.toContain(SECRET);
    expect((await repository.state(staffId))?.pendingSecret).toBe(SECRET);

    expect(await repository.activate(staffId, { secret: 'ANOTHERSECRET234', at: T0, step: 1, recoveryCodeDigests: [] })).toBe(false);
    expect(await repository.activate(staffId, { secret: SECRET, at: T0, step: 1, recoveryCodeDigests: ['d1'] })).toBe(true);
    const active = await columns(staffId);
    expect(active.two_factor_secret).toMatch(/^v1\./);
    expect(active.two_factor_secret).not.toBe(pending.two_factor_pending_secret);
    expect(active.two_factor_pending_secret).toBeNull();
    expect((await repository.state(staffId))?.secret).toBe(SECRET);
  });

  it('does not open a value copied to another staff member’s row, nor with another key', async () => {
    await repository.savePending(staffId, SECRET);
    await repository.activate(staffId, { secret: SECRET, at: T0, step: 1, recoveryCodeDigests: [] });
    const sealed = (await columns(staffId)).two_factor_secret;
    await db.knex('staffs').where({ id: otherId }).update({ two_factor_secret: sealed, two_factor_enabled_at: T0 });
    await expect(repository.state(otherId)).rejects.toBeInstanceOf(SecretBoxError);

    const stranger = new KnexTwoFactorRepository(db.knex, new SecretBox(SecretBox.generateKey()));
    await expect(stranger.state(staffId)).rejects.toBeInstanceOf(SecretBoxError);
  });

  it('seals secrets stored in the clear at start-up, once, and refuses to start with the wrong key', async () => {
    await db.knex('staffs').where({ id: staffId }).update({ two_factor_secret: SECRET, two_factor_enabled_at: T0 });
    await db.knex('staffs').where({ id: otherId }).update({ two_factor_pending_secret: SECRET });
    expect((await repository.state(staffId))?.secret).toBe(SECRET);

    expect(await repository.sealStoredSecrets()).toBe(2);
    expect((await columns(staffId)).two_factor_secret).toMatch(/^v1\./);
    expect((await columns(otherId)).two_factor_pending_secret).toMatch(/^v1\./);
    expect((await repository.state(staffId))?.secret).toBe(SECRET);
    expect((await repository.state(otherId))?.pendingSecret).toBe(SECRET);
    expect(await repository.sealStoredSecrets()).toBe(0);

    const wrongKey = new KnexTwoFactorRepository(db.knex, new SecretBox(SecretBox.generateKey()));
    await expect(wrongKey.sealStoredSecrets()).rejects.toThrow(/TWO_FACTOR_KEY does not open/);
  });

  it('rotates the key: with the old one as previous, start-up seals every secret again with the new one', async () => {
    await repository.savePending(staffId, SECRET);
    await repository.activate(staffId, { secret: SECRET, at: T0, step: 1, recoveryCodeDigests: [] });
    await repository.savePending(otherId, 'PENDINGSECRET234');
    const before = await columns(staffId);

    const newKey = SecretBox.generateKey();
    const rotating = new KnexTwoFactorRepository(db.knex, new SecretBox(newKey, [key]));
    expect((await rotating.state(staffId))?.secret).toBe(SECRET);
    expect(await rotating.sealStoredSecrets()).toBe(2);
    expect((await columns(staffId)).two_factor_secret).not.toBe(before.two_factor_secret);
    expect(await rotating.sealStoredSecrets()).toBe(0);

    // Once done, the new key alone opens them, and the old one no longer does.
    const after = new KnexTwoFactorRepository(db.knex, new SecretBox(newKey));
    expect((await after.state(staffId))?.secret).toBe(SECRET);
    expect((await after.state(otherId))?.pendingSecret).toBe('PENDINGSECRET234');
    await expect(repository.state(staffId)).rejects.toBeInstanceOf(SecretBoxError);
  });
});
