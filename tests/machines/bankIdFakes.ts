import { ApiError, failedToFetch } from '../../src/api/apiError.ts';

/**
 * A fake of the API's bank-eID calls with BankID's rules: the phone's answers are set by the
 * test, collect reports them, the QR code counts whole seconds since the order started.
 */
export function createFakeEid() {
  let count = 0;
  const calls: { path: string; orderRef?: string }[] = [];
  const state = { status: 'pending', hintCode: 'outstandingTransaction', startedAt: 0, qrFails: false, unknownPerson: false, finished: false };
  /** The connection and the server, set by the test: offline calls fail like a lost connection. */
  const network = { offline: false, startRefused: false, collectFails: false, holdStart: null as null | Promise<void> };
  const qrCodeNow = () => `bankid.qr-${count}.${Math.floor((Date.now() - state.startedAt) / 1000)}.feed${count}`;
  async function handle(method: string, path: string, body?: unknown) {
    const orderRef = (body as { orderRef?: string } | undefined)?.orderRef;
    calls.push({ path, orderRef });
    if (method !== 'POST') throw new Error(`unexpected ${method} ${path}`);
    if (path === '/v1/eid/auth' && network.holdStart) await network.holdStart;
    if (network.offline) throw failedToFetch();
    switch (path) {
      case '/v1/eid/auth':
        if (network.startRefused) throw new ApiError(503, 'eid/unavailable', 'down');
        count++;
        Object.assign(state, { status: 'pending', hintCode: 'outstandingTransaction', startedAt: Date.now(), qrFails: false, unknownPerson: false, finished: false });
        return { orderRef: `order-${count}`, autoStartToken: `auto-${count}` };
      case '/v1/eid/qr':
        if (state.qrFails) throw new ApiError(503, 'eid/unavailable', 'down');
        if (state.finished) throw new ApiError(409, 'eid/order-finished', 'used');
        return { qrCode: qrCodeNow(), seconds: 0 };
      case '/v1/eid/collect':
        if (network.collectFails) throw new ApiError(500, 'internal_error', 'boom');
        if (state.status === 'complete' && state.unknownPerson) throw new ApiError(404, 'auth/ssn-not-found', 'no such member');
        if (state.status === 'complete') {
          // Spent at once; the token takes a while, so QR codes asked meanwhile meet a finished order.
          state.finished = true;
          await new Promise((resolve) => setTimeout(resolve, 1500));
          return { status: 'complete', customToken: `token-${count}` };
        }
        return { status: state.status, hintCode: state.hintCode };
      case '/v1/eid/cancel':
        state.status = 'cancelled';
        return {};
      default:
        throw new Error(`unexpected ${method} ${path}`);
    }
  }
  return { state, network, calls, handle, qrCodeNow, order: () => `order-${count}` };
}
