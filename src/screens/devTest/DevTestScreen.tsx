import { useId } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import type { devTestMachine, DevCheck } from '../../../machines/devTest.machine.ts';
import type { DeviceProfile } from '../../domain/deviceProfile.ts';
import { AppActor } from '../../appActor.ts';
import * as buttonStyles from '../../components/button.css.ts';
import { connectDevTest, sameChecks, type CheckView } from './devTest.connect.ts';
import * as styles from './devTest.css.ts';

export interface DevTestScreenProps {
  logic: typeof devTestMachine;
  /** This device as the app sees it (spec 3). */
  profile: DeviceProfile;
  /** This build's version (spec 9). */
  version: string;
}

/** /more/dev_test (spec 2.3, test mode only): platform details and one button per container check, each with its outcome. */
export function DevTestScreen({ logic, profile, version }: DevTestScreenProps) {
  const { t } = useLingui();
  const ref = useActorRef(logic);
  const checks = useSelector(ref, (s) => connectDevTest(s, ref), sameChecks);
  const platformId = useId();
  const checksId = useId();
  return (
    <main className={styles.page}>
      <h1 className={styles.heading}>{t`Test page`}</h1>
      <section className={styles.section} aria-labelledby={platformId}>
        <h2 id={platformId} className={styles.sectionHeading}>
          {t`Platform`}
        </h2>
        <Platform profile={profile} version={version} />
      </section>
      <section className={styles.section} aria-labelledby={checksId}>
        <h2 id={checksId} className={styles.sectionHeading}>
          {t`Checks`}
        </h2>
        <ul className={styles.checks}>
          {checks.map((view) => (
            <CheckRow key={view.check} view={view} />
          ))}
        </ul>
      </section>
    </main>
  );
}

function Platform({ profile, version }: { profile: DeviceProfile; version: string }) {
  const { t } = useLingui();
  const containerVersion = AppActor.useSelector((s) => s.context.containerVersion);
  const rows: [string, string][] = [
    [t`Operating system`, profile.os],
    [t`Browser`, profile.browser],
    [t`Device`, profile.device.name],
    [t`Device type`, profile.device.type],
    [t`Container`, profile.device.containerType],
    [
      t`Container version`,
      containerVersion === 'pending'
        ? t`Asking…`
        : containerVersion === null
          ? t`None (plain browser)`
          : t`${containerVersion.version} (build ${containerVersion.build})`,
    ],
    [t`App version`, version],
  ];
  return (
    <dl className={styles.facts}>
      {rows.map(([term, value]) => (
        <div key={term} className={styles.factRow}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function useCheckLabel(): Record<DevCheck, string> {
  const { t } = useLingui();
  return {
    reload: t`Reload`,
    containerInit: t`Container init`,
    pushToken: t`Get push token`,
    registerPush: t`Register push`,
    unregisterPush: t`Unregister push`,
    allowTracking: t`Allow tracking`,
    imageLoad: t`Load fake https image`,
  };
}

/** One button and its status line, announced politely when it changes. */
function CheckRow({ view }: { view: CheckView }) {
  const labels = useCheckLabel();
  const statusId = useId();
  return (
    <li className={styles.check}>
      <button type="button" className={buttonStyles.variant.secondary} onClick={view.run} aria-describedby={statusId}>
        {labels[view.check]}
      </button>
      <p id={statusId} className={styles.status} role="status" aria-live="polite">
        <CheckStatusText view={view} />
      </p>
    </li>
  );
}

function CheckStatusText({ view }: { view: CheckView }) {
  const { t } = useLingui();
  if (view.status === 'running') return t`Working…`;
  if (view.status === 'failed') return t`Failed: ${view.failure}`;
  const outcome = view.outcome;
  if (view.status !== 'succeeded' || !outcome) return null;
  switch (outcome.kind) {
    case 'reloading':
      return t`Reloading…`;
    case 'version':
      return outcome.version ? t`Container ${outcome.version.version} (build ${outcome.version.build})` : t`No native container here`;
    case 'token':
      return outcome.token ? t`Push token: ${outcome.token}` : t`No push token on this device`;
    case 'message':
      return outcome.sent ? t`Sent to the container` : t`Not available in this container`;
    case 'image':
      return t`Image loaded (${outcome.width} × ${outcome.height})`;
  }
}
