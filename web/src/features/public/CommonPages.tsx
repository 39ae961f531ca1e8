import { PlaceholderPage } from '../../shared/ui/PlaceholderPage';
import { SimpleShell } from '../../shared/ui/SimpleShell';

export { PasswordRegisterPage } from './PasswordRegisterPage';
export { LineRedirectPage } from './LineRedirectPage';

export function PasswordResetDonePage() {
  return (
    <SimpleShell narrow>
      <PlaceholderPage titleKey="pages.common.passwordResetDone.title" bodyKey="pages.common.passwordResetDone.body" />
    </SimpleShell>
  );
}
