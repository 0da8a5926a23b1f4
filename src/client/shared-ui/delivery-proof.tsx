import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLiveQuery } from 'dexie-react-hooks';
import type { ReactNode } from 'react';
import { API } from '../../shared/api/endpoints';
import type { DeliverBody, DeliveryProof } from '../../shared/api/warehouse';
import { ApiError } from '../api/errors';
import { useApiQuery } from '../api/query';
import { unsentDeliveryProof } from '../local/delivery';
import { dateTimeLabel, useT } from './i18n';
import { useLocalDb, useOnline } from './local-store';
import { mapsLink } from './maps-link';

/**
 * The proof of delivery block of the order detail, for delivered orders: who received it, when
 * (the device's time at the door, and when it reached the server), who delivered it, the
 * signature and the photo, and a map link to where it was signed.
 *
 * The images are not mirrored into the local store (they would multiply its size for every
 * office device): the block asks GET /orders/{id}/proof through the online-only data path
 * (src/client/api/query.ts), so a proof seen online is kept on this device and shows offline too,
 * read-only and marked so; a proof never seen says it is shown when online. The driver's own
 * delivery that has not reached the server yet is shown from the outbox entry that carries it
 * (local/delivery.ts), so nothing looks lost.
 */
export function DeliveryProofBlock({ orderId, status }: { orderId: string; status: string }) {
  const t = useT();
  const db = useLocalDb();
  const online = useOnline();
  const unsent = useLiveQuery(async () => (db ? unsentDeliveryProof(db, orderId) : null), [db, orderId]);
  const delivered = status === 'delivered' || status === 'returned' || status === 'refunded';
  const loaded = useApiQuery(
    API.orderProof,
    { params: { id: orderId } },
    { enabled: delivered && unsent === null },
  );

  if (!delivered && !unsent) return null;

  let content: ReactNode;
  if (unsent) {
    content = (
      <>
        <Alert severity="info" sx={{ mb: 2 }} data-testid="proof-unsent">
          {t('proofUnsent')}
        </Alert>
        <ProofView proof={fromLocal(unsent)} />
      </>
    );
  } else if (loaded.data) {
    content = (
      <>
        {online ? null : (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="proof-cached">
            {t('cachedReadOnly')}
          </Alert>
        )}
        <ProofView proof={loaded.data} />
      </>
    );
  } else if (!online) {
    content = (
      <Typography variant="body2" color="text.secondary" data-testid="proof-offline">
        {t('proofOffline')}
      </Typography>
    );
  } else if (loaded.error instanceof ApiError && loaded.error.status === 404) {
    content = (
      <Typography variant="body2" color="text.secondary" data-testid="proof-none">
        {t('proofNone')}
      </Typography>
    );
  } else if (loaded.error) {
    content = <Alert severity="warning">{t('proofLoadError')}</Alert>;
  } else {
    content = <CircularProgress size={24} aria-label={t('loadingAria')} />;
  }

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="delivery-proof">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {t('proofTitle')}
      </Typography>
      {content}
    </Paper>
  );
}

type ProofViewModel = Omit<DeliveryProof, 'order_id' | 'delivered_by' | 'received_at'> & {
  received_at: string | null;
};

function fromLocal(body: DeliverBody): ProofViewModel {
  return {
    recipient_name: body.recipient_name,
    delivered_at: body.delivered_at,
    received_at: null,
    delivered_by_name: null,
    signature: body.signature,
    photo: body.photo ?? null,
    latitude: body.location?.latitude ?? null,
    longitude: body.location?.longitude ?? null,
    accuracy: body.location?.accuracy ?? null,
  };
}

function ProofView({ proof }: { proof: ProofViewModel }) {
  const t = useT();
  const where =
    proof.latitude !== null && proof.longitude !== null ? `${proof.latitude},${proof.longitude}` : null;
  return (
    <Stack spacing={2}>
      <Stack spacing={0.75}>
        <Row label={t('proofRecipient')}>
          <span data-testid="proof-recipient">{proof.recipient_name}</span>
        </Row>
        <Row label={t('proofDeliveredAt')}>{dateTimeLabel(proof.delivered_at)}</Row>
        {proof.received_at ? (
          <Row label={t('proofReceivedAt')}>{dateTimeLabel(proof.received_at)}</Row>
        ) : null}
        {proof.delivered_by_name ? <Row label={t('proofDeliveredBy')}>{proof.delivered_by_name}</Row> : null}
        <Row label={t('proofLocation')}>
          {where ? (
            <Link href={mapsLink(where)} target="_blank" rel="noopener noreferrer" data-testid="proof-map">
              {t('proofOpenMap', { accuracy: proof.accuracy ?? '?' })}
            </Link>
          ) : (
            t('proofNoLocation')
          )}
        </Row>
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Box component="figure" sx={{ m: 0, minWidth: 0 }}>
          <Box
            component="img"
            src={proof.signature}
            alt={t('proofSignature')}
            data-testid="proof-signature"
            sx={{
              display: 'block',
              width: '100%',
              maxWidth: 360,
              bgcolor: '#fff',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
            }}
          />
          <Typography component="figcaption" variant="caption" color="text.secondary">
            {t('proofSignature')}
          </Typography>
        </Box>
        {proof.photo ? (
          <Box component="figure" sx={{ m: 0, minWidth: 0 }}>
            <Box
              component="img"
              src={proof.photo}
              alt={t('proofPhoto')}
              data-testid="proof-photo"
              sx={{ display: 'block', width: '100%', maxWidth: 360, borderRadius: 1 }}
            />
            <Typography component="figcaption" variant="caption" color="text.secondary">
              {t('proofPhoto')}
            </Typography>
          </Box>
        ) : null}
      </Box>
    </Stack>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 130, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Stack>
  );
}
