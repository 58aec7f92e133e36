import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Migrations are frozen: a database migrated last year and one migrated today must hold the same schema and the
 * same rows, so a migration (and migrations/frozen-sql.ts, the SQL several of them share) runs the same bytes
 * forever. Each file is pinned here by the SHA-256 of its content. A change to the schema or to derived rows is a
 * NEW migration (its own file, listed in migrations/index.ts, pinned here when it is merged), never an edit of one
 * that has run somewhere. index.ts, the list, is the only file that grows.
 */
const DIR = path.join(process.cwd(), 'migrations');
const UNPINNED = new Set(['index.ts']);

const PINNED: Record<string, string> = {
  '1763760000000-InitialSchema.ts': 'e8b77a0b7f3f11df35e392024a4ce16edfb8d7c7636e06855c0efb30680c5f4a',
  '1763770000000-EventPipelineGuards.ts': 'f5566f0ac452ba731904033daa04da8bccf8861437a9c2cb84ec0488be013e10',
  '1763800000000-AdminApiIndexes.ts': 'dfa9981d5211dd54a2d24113bb92cc1b7ae96164f3b302ec3bc9678f8dbee7b5',
  '1763900000000-MonthlyTotals.ts': '6674d77700264150f2373b5c00b4662ec4ac36d4ffbd23d0f926ef990e826390',
  '1764050000000-DonorsWhoGave.ts': '8953fe5730de5d30d4ea6a689b601b8e106267e14d7a7e9ccc9c67695414d531',
  '1764070000000-InboxRejectionAndRetention.ts': '3fc5de6e3c828fb77fb33e2eaacd665f5c535ba2ebf6e7253e2c9911a1e71f8f',
  '1764100000000-SettingsAndAuditActors.ts': '592ba0731387328c755612345bc3d443ec93523c46779f615952733fc30a3428',
  '1764200000000-AdminAccounts.ts': 'c614a5a14287a9c590170eb673974aca326ff2dd3643461c474e6a34cb7085f4',
  '1764215000000-MailOutbox.ts': 'dc424a439c95d8e310d5c367a19382ca520c3129142132d6967315377b67e1bf',
  '1764300000000-DonorSelfService.ts': '1c4457569757b4befea84419403a4b0d6b9e7892b90b3ee58ea6a740de6eb552',
  '1764310000000-RecurringPlans.ts': '3204200445eed76898084beaf32a313fd922415c89967c939e2e1ac7f00e3f46',
  '1764320000000-LedgerIndexes.ts': '5f70a86a0f7f5000d22cde730e3aff3adb04931a01089e314c2d26032ebad39f',
  '1764340000000-MoneyMovement.ts': '52082ad251b5ed010a6a795b69cdf8184a79caf5eed899f32463d851c9e29cb0',
  '1764350000000-DonorImports.ts': '3dd7745bde99b9d0a4cf4f1d16279e5325868216f45713e8337067662207225f',
  '1764360000000-DonorYears.ts': '6511815ccb2099d2fa6e4cfda53466687179c6b1bd0f440555a5046eda21584f',
  '1764371900000-MonthlyMoney.ts': '64be0251cb242821a84bd004a7a2caddde520584adafbd4ff5cb1626762393f2',
  '1764372900000-DonorFiscalYears.ts': '4f8590753be417e3a573675df3d5d8aab5d7f225d1af5b4cb2859cbc13ca1c13',
  '1764375000000-DonorMerges.ts': '90d8d0a7c7e2dd53c3a64cbc29361a86c62183ad141dbe2ca4177a8aa65ffff5',
  '1764400000000-FundsTributesFeeCoverage.ts': '50158f8855c32684b5c4875425fe8dee66d1d6d3fdcb2786ede12c3387d14ff0',
  '1764500000000-FailedChargeTotal.ts': 'bab616c16611a53525736e7b1c84270c3b059ef7cc4195e9da756cce46823d90',
  '1764610000000-DonorEmailKey.ts': '9dc60cf7d673305552c9ae94d0594a7d268cb498104d42d89e02f21b4d9f172d',
  '1764620000000-AuditRepeats.ts': '6663bde8f0cc1d63fcfc345c147438292b50cf0e54a520f2888c65f68793665f',
  '1764620000001-TributeNoticeCap.ts': '5d778af48e177e43cc185afc581f5434eeea0d2fed93731cb6da1d9485d34e63',
  '1764650000000-PlanChanges.ts': 'c562a3e40a319c4e190d8fc38648b29d2c3e8eedf415547eeaf2a590b880b35c',
  '1764660000000-DonorImportPreviewRows.ts': '3b0b4951e2563edd23d4f06d80426b650fd4261c1a7d702dd911ab922ee6a040',
  '1764670000000-StatementEditions.ts': '7ec9945795a031c05aba21b1352e48b608eb4c84229dcbdcb6e3fcb7bc66e280',
  '1764690000000-RefundDays.ts': 'cfa77e6149dc25334386e10acf19e5e8ff9cfd414060d54d35e217f223df34bd',
  '1764705000000-WonDisputeDays.ts': '3c4c4f8700e09dd4b36c1e44941e261e0c9b900f1e00500c8a86ee436d178f81',
  '1764706000000-BalanceTransactionsCreated.ts': '89feec4f2d36b1a70cd23ab176768515aab77e7d1f667fcff2874e38ac5ced91',
  '1764710000000-DonorSessionReach.ts': '8ed4d99fa8dbd1e215b1f1e0ce3127db73d35ada1a998edfc356e34674050492',
  '1764720000000-InquiryHoldsNoFunds.ts': '64cd98edb49018b1058e2f1b98c87a2bc66f905f7a38428644dee054e7dce088',
  '1764800000000-WebsiteFoundation.ts': '65f58597e53db47423f33746fa25fc5f428794702c9f41c3462f09f4b5e65014',
  '1764800001000-SitePages.ts': 'd459de48b7fb360711a04097d7943ac286e3b55b7bfe9ae46802db7e3ee216ed',
  '1764810000000-NewsAndEvents.ts': '3017fcc69329eadf1d120365e9f3f93958c89f0e685abe4ac387c32d99998d47',
  '1764820000000-Photos.ts': '00b340527eeef85f1c16e614024037fb3dad12e42c2ad45858df011957511558',
  '1764830000000-Appeals.ts': 'edfd872a31d6af485c15fa558b9a7c85709f668653373389ea9f1f211d563e59',
  '1764870000000-ContentionFreeDayTotals.ts': '143489df6da88a49654e0c22c752e3cf339b772299edb68fcf69a9e3abff2253',
  '1764880000000-AppealNewDonors.ts': '4d67ba1d8fa7ecd1ba22300b0c94cfa5e63198cb7d31e3c9addc9912df777709',
  '1764890000000-AppealRecentGifts.ts': 'e53abf809efcabfcbb69fec6699be4ef5804ce4cf43e431e047a07448d9484be',
  '1764900000000-AppealCoverPhotoId.ts': 'e13d973387e8b041ad064d5d85b56bd3f64da3879a32c55db19e97ce7da40383',
  'frozen-sql.ts': 'fb591df205d9645b1750cb8f48e60e1a3f30dcf75a899cb4deebeabe9e2df3c6',
};

const sha256 = (text: Buffer) => createHash('sha256').update(text).digest('hex');

describe('frozen migrations', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.ts') && !UNPINNED.has(f));

  it('reads the migrations folder', () => {
    expect(files).toContain('1763760000000-InitialSchema.ts');
    expect(files).toContain('frozen-sql.ts');
  });

  it.each(Object.keys(PINNED))('%s is unchanged', (file) => {
    const changed = sha256(readFileSync(path.join(DIR, file))) !== PINNED[file];
    if (changed) {
      throw new Error(
        `migrations/${file} changed. Migrations are frozen (a database that already ran it would not run it again): ` +
          'revert the edit and write a new migration instead.',
      );
    }
  });

  it('pins every migration (a new one is added to PINNED with its SHA-256 once written)', () => {
    const unpinned = files.filter((f) => !(f in PINNED));
    const missing = Object.keys(PINNED).filter((f) => !files.includes(f));
    expect({ unpinned, missing }).toEqual({ unpinned: [], missing: [] });
  });

  it('imports nothing but TypeORM, and a migration besides only ./frozen-sql.js (which imports only TypeORM)', () => {
    const stray: string[] = [];
    for (const file of files) {
      const allowed = file === 'frozen-sql.ts' ? ['typeorm'] : ['typeorm', './frozen-sql.js'];
      const { importedFiles } = ts.preProcessFile(readFileSync(path.join(DIR, file), 'utf8'), true, true);
      for (const { fileName } of importedFiles)
        if (!allowed.includes(fileName)) stray.push(`${file} imports ${fileName}`);
    }
    expect(stray).toEqual([]);
  });

  it('sees a changed file (the pin itself can fail)', () => {
    const text = readFileSync(path.join(DIR, 'frozen-sql.ts'));
    expect(sha256(text)).toBe(PINNED['frozen-sql.ts']);
    expect(sha256(Buffer.concat([text, Buffer.from(' ')]))).not.toBe(PINNED['frozen-sql.ts']);
  });
});
