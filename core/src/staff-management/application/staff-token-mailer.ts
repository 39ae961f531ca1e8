import type { Staff } from '../../accounts/domain/staff.entity';
import type { MailPort } from '../../mail/ports/mail.port';
import type { ClockPort } from '../../shared/clock.port';
import { invitationMail, passwordResetMail } from '../domain/staff-mails';
import { STAFF_TOKEN_LIFETIME_MINUTES, staffTokenUrl, type StaffTokenLinks, type StaffTokenPurpose } from '../domain/staff-token';
import type { SecretTokensPort } from '../ports/secret-tokens.port';
import type { StaffTokenRepositoryPort } from '../ports/staff-token-repository.port';

export interface IssuedLink {
  readonly url: string;
  readonly expiresAt: Date;
}

/** Issues a single-use token (its hash stored, earlier ones of the purpose revoked) and mails the link. */
export class StaffTokenMailer {
  constructor(
    private readonly tokens: StaffTokenRepositoryPort,
    private readonly secrets: SecretTokensPort,
    private readonly mail: MailPort,
    private readonly clock: ClockPort,
    private readonly links: StaffTokenLinks,
  ) {}

  async issue(staff: Pick<Staff, 'id' | 'email' | 'name'>, purpose: StaffTokenPurpose): Promise<IssuedLink> {
    const token = this.secrets.generate();
    const expiresAt = this.clock.now().plus({ minutes: STAFF_TOKEN_LIFETIME_MINUTES[purpose] }).toJSDate();
    await this.tokens.issue({ tokenHash: this.secrets.digest(token), staffId: staff.id, purpose, expiresAt });
    const url = staffTokenUrl(this.links, purpose, token);
    await this.mail.send(purpose === 'INVITE' ? invitationMail(staff, url, expiresAt) : passwordResetMail(staff, url, expiresAt));
    return { url, expiresAt };
  }
}
