/**
 * The referral code from /createaccount/:referral_code, kept for this browser tab until the
 * set-up screen (which asks for the code) has used it.
 */
const referralCodeKey = 'klubb.referralCode';

export function readReferralCode(): string | null {
  try {
    return sessionStorage.getItem(referralCodeKey) || null;
  } catch {
    return null;
  }
}

export function saveReferralCode(code: string): void {
  const trimmed = code.trim();
  if (!trimmed) return;
  try {
    sessionStorage.setItem(referralCodeKey, trimmed);
  } catch {
    // Storage refused (private mode): the member types the code in set-up instead.
  }
}

export function clearReferralCode(): void {
  try {
    sessionStorage.removeItem(referralCodeKey);
  } catch {
    // Nothing stored when storage is refused.
  }
}
