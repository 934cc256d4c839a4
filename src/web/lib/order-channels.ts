import { ORDER_CHANNEL_LABELS } from '@/contract/order-labels';
import type { Localized } from './i18n';

/** orderChannel (spec 2.11): where an order was made. Shared by the orders and the performances reports. */
export const ORDER_CHANNELS: Readonly<Record<string, Localized>> = ORDER_CHANNEL_LABELS;
