import { useSelector } from '@xstate/react';
import type { OfferDetail } from '../../../contract/offer.ts';
import { sameViewValues } from '../../appActor.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { useLingui } from '@lingui/react/macro';
import { AddToCartDialog } from './AddToCartDialog.tsx';
import { OfferArticle, type OfferArticleProps } from './OfferArticle.tsx';
import type { OfferView } from './offer.connect.ts';
import { PaymentBar } from './PaymentBar.tsx';
import { connectTicketSelection, type TicketSelectionRef } from './ticketSelection.connect.ts';
import { TicketSelector } from './TicketSelector.tsx';
import { WaitingListPanel } from './WaitingListPanel.tsx';
import { SaleQueuePanel } from './SaleQueuePanel.tsx';
import { BoughtEvents } from './BoughtEvents.tsx';
import type { CalendarPlatform } from '../AddToCalendar.tsx';
import * as styles from './purchase.css.ts';

export interface SellingOfferArticleProps extends Omit<OfferArticleProps, 'purchase'> {
  offer: OfferDetail;
  selectionRef: TicketSelectionRef;
  page: OfferView;
  calendarPlatform: CalendarPlatform;
}

/** An offer that sells tickets or items: the article with the selector, payment bar and add-to-cart dialog (spec 2.3, 4). */
export function SellingOfferArticle({ selectionRef, page, calendarPlatform, ...article }: SellingOfferArticleProps) {
  const { t } = useLingui();
  const view = useSelector(selectionRef, (s) => connectTicketSelection(s, selectionRef, article.offer), sameViewValues);
  const label = article.offer.callToAction?.label ?? t`Add to cart`;
  const desktop = article.layout === 'desktop';
  const paymentBar = (
    <PaymentBar label={label} status={view.status} onBuy={page.buy} placement={desktop ? 'inline' : 'floating'} waitsForQueue={page.waitsForQueue} />
  );
  // Buying too early names the first picker still waiting (issue 41), as its placeholder does.
  const selectFirst =
    view.kind !== 'ticket'
      ? t`Choose a variant first.`
      : view.city === null
        ? t`Choose a city first.`
        : view.time === null
          ? t`Choose a time first.`
          : t`Choose a ticket first.`;
  // Desktop: the payment action sits beside the pickers it buys from, not after the article (issue 22).
  const besidePickers = desktop && article.offer.callToAction?.type === 'payment';
  return (
    <>
      <OfferArticle
        {...article}
        purchase={{
          media: view.media,
          selector: (
            <>
              {besidePickers ? (
                <div className={styles.pickersAndBuy}>
                  <TicketSelector view={view} />
                  {paymentBar}
                </div>
              ) : (
                <TicketSelector view={view} />
              )}
              {page.saleQueueRef ? <SaleQueuePanel saleQueueRef={page.saleQueueRef} /> : null}
              {page.waitingListRef ? <WaitingListPanel waitingListRef={page.waitingListRef} /> : null}
              <BoughtEvents purchases={page.purchases} platform={calendarPlatform} onAdd={page.addToCalendar} navigate={article.navigate} />
            </>
          ),
          paymentBar: besidePickers ? null : paymentBar,
        }}
      />
      <Dialog
        open={page.selectItemWarning}
        title={label}
        message={selectFirst}
        onClose={page.dismissWarning}
        onYes={page.dismissWarning}
        yesLabel={t`OK`}
      />
      <AddToCartDialog
        open={page.addToCart !== null}
        variant={page.addToCart ? view.selected : null}
        quantity={page.quantity}
        maxQuantity={page.addToCart?.maxQuantity ?? 1}
        onQuantity={page.changeQuantity}
        onConfirm={page.confirmAddToCart}
        onCancel={page.cancelAddToCart}
      />
    </>
  );
}
