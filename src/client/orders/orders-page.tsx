/** Stub (being built): replaced by the real screen. */
export default function Page() {
  return <div data-testid="orders-page">…</div>;
}
