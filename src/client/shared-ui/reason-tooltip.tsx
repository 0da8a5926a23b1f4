import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

/**
 * Why a button is off, as its tooltip ('needs the connection', 'waits for its number'): a
 * disabled button fires no events, so the tooltip sits on a span around it. No reason, no tooltip.
 */
export function ReasonTooltip({ title, children }: { title: string; children: ReactNode }) {
  if (!title) return <>{children}</>;
  return (
    <Tooltip title={title}>
      <span>{children}</span>
    </Tooltip>
  );
}
