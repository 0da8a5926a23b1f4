/** Placeholder: replaced by the real screen. */
export default function Placeholder() {
  return <div data-testid="tenant-management-page" />;
}
