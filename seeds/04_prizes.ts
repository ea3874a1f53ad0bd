import type { Knex } from 'knex';
import { rally } from './data/demo-content';

const LOCALES = ['ja', 'en', 'ko', 'zh-cn', 'zh-tw'] as const;
type Texts = Record<(typeof LOCALES)[number], string>;
const t = (ja: string, en: string, ko: string, zhCn: string, zhTw: string): Texts => ({
  ja,
  en,
  ko,
  'zh-cn': zhCn,
  'zh-tw': zhTw,
});

/**
 * Invented demo prizes of the seeded winter rally (issue 12), in display order: an exchange
 * prize with stock that a few coupon uses pay for, a lottery, and one that needs gold stamps
 * (lodging coupons, 10 points each). Stamp points: red 1, gold 10.
 */
export const DEMO_PRIZES: Array<{
  kind: 'exchange' | 'lottery';
  stampsNeeded: number;
  stock: number | null;
  name: Texts;
  description: Texts;
}> = [
  {
    kind: 'exchange',
    stampsNeeded: 3,
    stock: 30,
    name: t(
      '肥後てまり柄のオリジナル手ぬぐい',
      'Original tenugui towel with a Higo temari pattern',
      '히고 테마리 무늬 오리지널 데누구이 수건',
      '肥后手鞠图案原创手巾',
      '肥後手鞠圖案原創手巾',
    ),
    description: t(
      'スタンプ3個分で、先着30名様にお渡しします。応募後、観光案内所でこの画面をお見せください。',
      'For 3 stamps, while 30 last. After applying, show this screen at a tourist information centre.',
      '스탬프 3개로 선착순 30명에게 드립니다. 응모 후 관광안내소에서 이 화면을 보여 주세요.',
      '3个印章即可兑换，限前30名。申请后请在旅游咨询处出示此页面。',
      '3個印章即可兌換，限前30名。申請後請在旅遊服務處出示此頁面。',
    ),
  },
  {
    kind: 'lottery',
    stampsNeeded: 5,
    stock: null,
    name: t(
      '阿蘇の温泉宿 ペア宿泊券（抽選）',
      'A night for two at an Aso hot-spring inn (lottery)',
      '아소 온천 숙소 2인 숙박권 (추첨)',
      '阿苏温泉旅馆双人住宿券（抽奖）',
      '阿蘇溫泉旅館雙人住宿券（抽獎）',
    ),
    description: t(
      'スタンプ5個分で応募できます。ラリー終了後に抽選し、当選された方にお知らせします。',
      'Enter for 5 stamps. Winners are drawn after the rally ends and told then.',
      '스탬프 5개로 응모할 수 있습니다. 랠리 종료 후 추첨하여 당첨자에게 알려 드립니다.',
      '5个印章即可参加。活动结束后抽奖，并通知中奖者。',
      '5個印章即可參加。活動結束後抽獎，並通知中獎者。',
    ),
  },
  {
    kind: 'exchange',
    stampsNeeded: 30,
    stock: 5,
    name: t(
      'くまもと あか牛ステーキセット',
      'Kumamoto akaushi beef steak set',
      '구마모토 아카우시 스테이크 세트',
      '熊本赤牛牛排套装',
      '熊本赤牛牛排套組',
    ),
    description: t(
      'スタンプ30個分（宿泊クーポンの金スタンプなら3個）で、先着5名様にご自宅へお届けします。',
      'For 30 stamps (3 gold stamps from lodging coupons), delivered to your home, while 5 last.',
      '스탬프 30개(숙박 쿠폰의 금 스탬프라면 3개)로 선착순 5명에게 댁으로 보내 드립니다.',
      '30个印章（住宿优惠券的金色印章3个）即可兑换，限前5名，寄送到府。',
      '30個印章（住宿優惠券的金色印章3個）即可兌換，限前5名，寄送到府。',
    ),
  },
];

/** Adds the demo prizes, published, to the seeded winter rally (run with the demo coupons only). */
export async function seed(db: Knex): Promise<void> {
  const campaign = await db('campaigns').where({ starts_on: rally.startsOn, ends_on: rally.endsOn }).first('id');
  if (!campaign) return;
  const now = new Date(`${rally.startsOn}T00:00:00+09:00`).toISOString();
  await db.transaction(async (trx) => {
    for (const [order, p] of DEMO_PRIZES.entries()) {
      const [row] = await trx('prizes')
        .insert({
          campaign_id: campaign.id,
          kind: p.kind,
          stamps_needed: p.stampsNeeded,
          stock: p.stock,
          display_order: order + 1,
          published: true,
          created_at: now,
          updated_at: now,
        })
        .returning('id');
      const prizeId = typeof row === 'object' ? row.id : row;
      await trx('prize_translations').insert(
        LOCALES.map((locale) => ({
          prize_id: prizeId,
          locale,
          name: p.name[locale],
          description: p.description[locale],
        })),
      );
    }
  });
}
