/** Shapes the admin screens read (SPEC section 3). Amounts on Transaction are cents; analytics are dollars. */

export interface Admin {
  id: string;
  email: string;
  name: string;
}

export interface CardInfo {
  brand?: string | null;
  last4?: string | null;
}

export interface Transaction {
  id: string;
  created: number;
  amount: number;
  status: string;
  type?: 'manual' | 'card' | string | null;
  donation_type?: string | null;
  manual_donation_id?: string | null;
  requires_irs_receipt?: boolean | null;
  receipt_url?: string | null;
  billing_details?: { name?: string | null; email?: string | null } | null;
  card?: CardInfo | null;
  payment_method?: { card?: CardInfo | null } | null;
}

export interface Analytics {
  overview: { totalAmount: number; monthlyGrowth: number; totalDonations: number; averageDonation: number };
  charts: {
    monthlyTrends: { month: string; amount: number }[];
    dailyTrends: { date: string; amount: number }[];
    frequencyBreakdown: { name: string; value: number }[];
    paymentMethods: { name: string; value: number }[];
  };
  recentTransactions: Transaction[];
}

export interface PaymentMethodSummary {
  id: string;
  card?: CardInfo | null;
}

export interface Address {
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
}

export interface DonorListItem {
  id: string;
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  address?: Address | null;
  created: number;
  donationStats?: { totalDonated?: number | null; donationCount?: number | null } | null;
  paymentMethods?: PaymentMethodSummary[] | null;
}

export interface CustomersResponse {
  summary: { activeCustomers: number; totalCustomers: number; totalLifetimeValue: number };
  customers: DonorListItem[];
  page?: number;
  pageSize?: number;
  total?: number;
}

export interface Donor extends DonorListItem {
  donationStats?: { totalDonated?: number | null; donationCount?: number | null; averageDonation?: number | null } | null;
}

export const DONATION_TYPES = [
  { value: 'cash', label: 'Cash' },
  { value: 'check', label: 'Check' },
  { value: 'stock', label: 'Stock/Securities' },
  { value: 'item', label: 'In-Kind Item' },
  { value: 'crypto', label: 'Cryptocurrency' },
  { value: 'other', label: 'Other' },
] as const;

export type DonationType = (typeof DONATION_TYPES)[number]['value'];

export interface ManualDonationPayload {
  stripeCustomerId?: string;
  donorName: string;
  donorEmail?: string;
  donorPhone?: string;
  donorAddress?: string;
  amount: string;
  donationType: DonationType;
  donationDate: string;
  notes?: string;
}
