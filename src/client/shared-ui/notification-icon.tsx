import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import Block from '@mui/icons-material/Block';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Info from '@mui/icons-material/Info';
import LocalShipping from '@mui/icons-material/LocalShipping';
import PersonPin from '@mui/icons-material/PersonPin';
import TaskAlt from '@mui/icons-material/TaskAlt';
import Avatar from '@mui/material/Avatar';
import type { ReactElement } from 'react';

const ICONS: Record<string, { icon: ReactElement; color: string }> = {
  order_created: { icon: <AddShoppingCart fontSize="small" />, color: 'primary.main' },
  order_approved: { icon: <CheckCircle fontSize="small" />, color: 'success.main' },
  order_rejected: { icon: <Block fontSize="small" />, color: 'error.main' },
  order_cancelled: { icon: <Block fontSize="small" />, color: 'error.main' },
  order_assigned: { icon: <PersonPin fontSize="small" />, color: 'secondary.main' },
  order_in_transit: { icon: <LocalShipping fontSize="small" />, color: 'info.main' },
  order_shipped: { icon: <LocalShipping fontSize="small" />, color: 'info.main' },
  order_delivered: { icon: <TaskAlt fontSize="small" />, color: 'success.main' },
  system: { icon: <Info fontSize="small" />, color: 'grey.600' },
};

export function NotificationIcon({ type, size = 36 }: { type: string; size?: number }) {
  const entry = ICONS[type] ?? (ICONS.system as { icon: ReactElement; color: string });
  return (
    <Avatar sx={{ width: size, height: size, bgcolor: entry.color, color: '#fff' }}>{entry.icon}</Avatar>
  );
}
