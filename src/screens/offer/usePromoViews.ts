import { useSelector } from '@xstate/react';
import { sameViewValues } from '../../appActor.ts';
import { connectClipboard, type ClipboardRef, type ClipboardView } from '../../components/clipboard.connect.ts';
import {
  connectClaimCallToAction,
  connectCommonPromo,
  connectUniquePromo,
  type ClaimCallToActionView,
  type CommonPromoRef,
  type CommonPromoView,
  type PromoClaimRef,
  type UniquePromoView,
} from './promo.connect.ts';

/** The loaded offer page's promo children (machines/offer.machine.ts invokes them). */
export interface PromoRefs {
  unique: PromoClaimRef | undefined;
  common: CommonPromoRef | undefined;
  clipboard: ClipboardRef | undefined;
}

export interface PromoViews {
  unique: UniquePromoView;
  common: CommonPromoView;
  clipboard: ClipboardView;
  claimCallToAction: ClaimCallToActionView;
}

/** The promo rows' and claim button's view values; null until the page has loaded its offer. */
export function usePromoViews({ unique, common, clipboard }: PromoRefs): PromoViews | null {
  const uniqueView = useSelector(unique, (s) => (s && unique ? connectUniquePromo(s, unique) : null), sameNullable);
  const commonView = useSelector(common, (s) => (s && common ? connectCommonPromo(s, common) : null), sameNullable);
  const clipboardView = useSelector(clipboard, (s) => (s && clipboard ? connectClipboard(s, clipboard) : null), sameNullable);
  if (!uniqueView || !commonView || !clipboardView) return null;
  return {
    unique: uniqueView,
    common: commonView,
    clipboard: clipboardView,
    claimCallToAction: connectClaimCallToAction(uniqueView, commonView),
  };
}

function sameNullable<T extends object>(a: T | null, b: T | null): boolean {
  return a === b || (a !== null && b !== null && sameViewValues(a, b));
}
