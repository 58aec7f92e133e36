import { InitialSchema1763760000000 } from './1763760000000-InitialSchema.js';
import { EventPipelineGuards1763770000000 } from './1763770000000-EventPipelineGuards.js';
import { AdminApiIndexes1763800000000 } from './1763800000000-AdminApiIndexes.js';
import { MonthlyTotals1763900000000 } from './1763900000000-MonthlyTotals.js';
import { DonorsWhoGave1764050000000 } from './1764050000000-DonorsWhoGave.js';
import { InboxRejectionAndRetention1764070000000 } from './1764070000000-InboxRejectionAndRetention.js';
import { SettingsAndAuditActors1764100000000 } from './1764100000000-SettingsAndAuditActors.js';
import { AdminAccounts1764200000000 } from './1764200000000-AdminAccounts.js';
import { MailOutbox1764215000000 } from './1764215000000-MailOutbox.js';
import { DonorSelfService1764300000000 } from './1764300000000-DonorSelfService.js';
import { RecurringPlans1764310000000 } from './1764310000000-RecurringPlans.js';
import { LedgerIndexes1764320000000 } from './1764320000000-LedgerIndexes.js';
import { MoneyMovement1764340000000 } from './1764340000000-MoneyMovement.js';
import { DonorImports1764350000000 } from './1764350000000-DonorImports.js';
import { DonorYears1764360000000 } from './1764360000000-DonorYears.js';
import { MonthlyMoney1764371900000 } from './1764371900000-MonthlyMoney.js';
import { DonorFiscalYears1764372900000 } from './1764372900000-DonorFiscalYears.js';
import { DonorMerges1764375000000 } from './1764375000000-DonorMerges.js';
import { FundsTributesFeeCoverage1764400000000 } from './1764400000000-FundsTributesFeeCoverage.js';
import { FailedChargeTotal1764500000000 } from './1764500000000-FailedChargeTotal.js';
import { DonorEmailKey1764610000000 } from './1764610000000-DonorEmailKey.js';
import { AuditRepeats1764620000000 } from './1764620000000-AuditRepeats.js';
import { TributeNoticeCap1764620000001 } from './1764620000001-TributeNoticeCap.js';
import { PlanChanges1764650000000 } from './1764650000000-PlanChanges.js';
import { DonorImportPreviewRows1764660000000 } from './1764660000000-DonorImportPreviewRows.js';
import { StatementEditions1764670000000 } from './1764670000000-StatementEditions.js';
import { RefundDays1764690000000 } from './1764690000000-RefundDays.js';
import { WonDisputeDays1764705000000 } from './1764705000000-WonDisputeDays.js';
import { BalanceTransactionsCreated1764706000000 } from './1764706000000-BalanceTransactionsCreated.js';
import { DonorSessionReach1764710000000 } from './1764710000000-DonorSessionReach.js';
import { InquiryHoldsNoFunds1764720000000 } from './1764720000000-InquiryHoldsNoFunds.js';
import { WebsiteFoundation1764800000000 } from './1764800000000-WebsiteFoundation.js';
import { SitePages1764800001000 } from './1764800001000-SitePages.js';
import { NewsAndEvents1764810000000 } from './1764810000000-NewsAndEvents.js';
import { Photos1764820000000 } from './1764820000000-Photos.js';
import { Appeals1764830000000 } from './1764830000000-Appeals.js';
import { ContentionFreeDayTotals1764870000000 } from './1764870000000-ContentionFreeDayTotals.js';
import { AppealNewDonors1764880000000 } from './1764880000000-AppealNewDonors.js';
import { AppealRecentGifts1764890000000 } from './1764890000000-AppealRecentGifts.js';
import { AppealCoverPhotoId1764900000000 } from './1764900000000-AppealCoverPhotoId.js';

/** Every migration, oldest first. A new migration is added here as well as in its own file. */
export const migrations = [
  InitialSchema1763760000000,
  EventPipelineGuards1763770000000,
  AdminApiIndexes1763800000000,
  MonthlyTotals1763900000000,
  DonorsWhoGave1764050000000,
  InboxRejectionAndRetention1764070000000,
  SettingsAndAuditActors1764100000000,
  AdminAccounts1764200000000,
  MailOutbox1764215000000,
  DonorSelfService1764300000000,
  RecurringPlans1764310000000,
  LedgerIndexes1764320000000,
  MoneyMovement1764340000000,
  DonorImports1764350000000,
  DonorYears1764360000000,
  MonthlyMoney1764371900000,
  DonorFiscalYears1764372900000,
  DonorMerges1764375000000,
  FundsTributesFeeCoverage1764400000000,
  FailedChargeTotal1764500000000,
  DonorEmailKey1764610000000,
  AuditRepeats1764620000000,
  TributeNoticeCap1764620000001,
  PlanChanges1764650000000,
  DonorImportPreviewRows1764660000000,
  StatementEditions1764670000000,
  RefundDays1764690000000,
  WonDisputeDays1764705000000,
  BalanceTransactionsCreated1764706000000,
  DonorSessionReach1764710000000,
  InquiryHoldsNoFunds1764720000000,
  WebsiteFoundation1764800000000,
  SitePages1764800001000,
  NewsAndEvents1764810000000,
  Photos1764820000000,
  Appeals1764830000000,
  ContentionFreeDayTotals1764870000000,
  AppealNewDonors1764880000000,
  AppealRecentGifts1764890000000,
  AppealCoverPhotoId1764900000000,
];
