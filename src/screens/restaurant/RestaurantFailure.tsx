import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { AppActor } from '../../appActor.ts';
import { ErrorView } from '../../components/ErrorView.tsx';
import { errorMessage } from '../../i18n/errorMessages.ts';

/** Spec 8: a restaurant load failure is a full-page error, as an offer's is, with the contact link. */
export function RestaurantFailure({ code, heading, children }: { code: string | null; heading?: string; children?: ReactNode }) {
  const { i18n } = useLingui();
  const brand = AppActor.useSelector((s) => s.context.brand);
  const user = AppActor.useSelector((s) => s.context.member?.user ?? null);
  return (
    <main>
      <ErrorView heading={heading} message={i18n._(errorMessage(code ?? 'unknown'))} contactEmail={brand?.contact.email ?? ''} user={user} icons={brand?.icons}>
        {children}
      </ErrorView>
    </main>
  );
}
