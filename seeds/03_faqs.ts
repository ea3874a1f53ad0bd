import type { Knex } from 'knex';

type L = { ja: string; en: string; ko: string; 'zh-cn': string; 'zh-tw': string };
const t = (ja: string, en: string, ko: string, zhCn: string, zhTw: string): L => ({
  ja,
  en,
  ko,
  'zh-cn': zhCn,
  'zh-tw': zhTw,
});

/** The starting FAQ, in the five languages; staff edit it in the admin area. */
export const FAQ: Array<{ name: L; faqs: Array<{ q: L; a: L }> }> = [
  {
    name: t('クーポンについて', 'Coupons', '쿠폰', '关于优惠券', '關於優惠券'),
    faqs: [
      {
        q: t(
          'クーポンはどうやって使いますか？',
          'How do I use a coupon?',
          '쿠폰은 어떻게 사용하나요?',
          '如何使用优惠券？',
          '如何使用優惠券？',
        ),
        a: t(
          'お店でクーポン詳細を開き、スタッフに画面を見せてから「使用済みにする」を押してください。スマートフォンの位置情報でお店の近くにいることを確認します。',
          'Open the coupon at the shop, show the screen to the staff, then press "Mark as used". Your phone\'s location confirms that you are at the shop.',
          '매장에서 쿠폰 상세를 열어 직원에게 화면을 보여 준 뒤 "사용 완료로 하기"를 눌러 주세요. 스마트폰 위치 정보로 매장 근처에 있는지 확인합니다.',
          '请在店内打开优惠券详情，向店员出示画面后点击"标记为已使用"。系统会通过手机定位确认您在店铺附近。',
          '請在店內打開優惠券詳情，向店員出示畫面後點擊「標記為已使用」。系統會透過手機定位確認您在店鋪附近。',
        ),
      },
      {
        q: t(
          '同じクーポンは何回使えますか？',
          'How often can I use the same coupon?',
          '같은 쿠폰은 몇 번 사용할 수 있나요?',
          '同一张优惠券可以使用几次？',
          '同一張優惠券可以使用幾次？',
        ),
        a: t(
          '各クーポンは1日1回までご利用いただけます。',
          'Each coupon can be used once a day.',
          '각 쿠폰은 하루에 한 번 사용할 수 있습니다.',
          '每张优惠券每天限用一次。',
          '每張優惠券每天限用一次。',
        ),
      },
      {
        q: t(
          '電波が届かない場所でも使えますか？',
          'Can I use it where there is no signal?',
          '전파가 닿지 않는 곳에서도 사용할 수 있나요?',
          '没有信号的地方也能使用吗？',
          '沒有訊號的地方也能使用嗎？',
        ),
        a: t(
          '一度開いたクーポンとスタンプは電波がなくても表示できます。「使用済みにする」は電波が戻ったときに自動で送信されます。',
          'Coupons and stamps you have opened once show without a signal. "Mark as used" is sent automatically when the signal returns.',
          '한 번 연 쿠폰과 스탬프는 전파가 없어도 표시됩니다. "사용 완료로 하기"는 전파가 돌아오면 자동으로 전송됩니다.',
          '打开过的优惠券和印章在没有信号时也能显示。"标记为已使用"会在恢复信号后自动发送。',
          '開啟過的優惠券和印章在沒有訊號時也能顯示。「標記為已使用」會在恢復訊號後自動傳送。',
        ),
      },
    ],
  },
  {
    name: t('スタンプラリーについて', 'Stamp rally', '스탬프 랠리', '关于集章活动', '關於集章活動'),
    faqs: [
      {
        q: t(
          'スタンプラリーの期間はいつですか？',
          'When does the stamp rally run?',
          '스탬프 랠리 기간은 언제인가요?',
          '集章活动的期间是？',
          '集章活動的期間是？',
        ),
        a: t(
          '11月1日から1月31日までです。',
          'From 1 November to 31 January.',
          '11월 1일부터 1월 31일까지입니다.',
          '11月1日至1月31日。',
          '11月1日至1月31日。',
        ),
      },
      {
        q: t(
          '金スタンプとは何ですか？',
          'What is a gold stamp?',
          '금 스탬프란 무엇인가요?',
          '什么是金色印章？',
          '什麼是金色印章？',
        ),
        a: t(
          '宿泊を含むクーポンを使うともらえるスタンプで、スタンプ10個分として数えます。赤スタンプは1個分です。',
          'You get it for using a coupon that includes lodging; it counts as 10 stamps. A red stamp counts as 1.',
          '숙박이 포함된 쿠폰을 사용하면 받을 수 있는 스탬프로, 스탬프 10개로 셉니다. 빨간 스탬프는 1개입니다.',
          '使用含住宿的优惠券即可获得，算作10个印章。红色印章算1个。',
          '使用含住宿的優惠券即可獲得，算作10個印章。紅色印章算1個。',
        ),
      },
    ],
  },
  {
    name: t('アプリについて', 'About the app', '앱에 대하여', '关于本应用', '關於本應用'),
    faqs: [
      {
        q: t(
          'パソコンから使えますか？',
          'Can I use it on a computer?',
          '컴퓨터에서 사용할 수 있나요?',
          '可以在电脑上使用吗？',
          '可以在電腦上使用嗎？',
        ),
        a: t(
          'スマートフォン専用です。LINEアプリからご利用ください。',
          'It is for smartphones only. Please open it from the LINE app.',
          '스마트폰 전용입니다. LINE 앱에서 이용해 주세요.',
          '仅限智能手机使用。请从LINE应用打开。',
          '僅限智慧型手機使用。請從LINE應用程式開啟。',
        ),
      },
      {
        q: t(
          '位置情報を許可するには？',
          'How do I allow location access?',
          '위치 정보를 허용하려면?',
          '如何允许使用位置信息？',
          '如何允許使用位置資訊？',
        ),
        a: t(
          'iPhoneは「設定」→「プライバシーとセキュリティ」→「位置情報サービス」でLINEを「使用中のみ」に、Androidは「設定」→「アプリ」→「LINE」→「権限」で位置情報を許可してください。',
          'On iPhone: Settings → Privacy & Security → Location Services → LINE → While Using the App. On Android: Settings → Apps → LINE → Permissions → Location.',
          'iPhone은 설정 → 개인정보 보호 및 보안 → 위치 서비스 → LINE → 앱을 사용하는 동안, Android는 설정 → 앱 → LINE → 권한 → 위치에서 허용해 주세요.',
          'iPhone：设置→隐私与安全性→定位服务→LINE→使用App期间。Android：设置→应用→LINE→权限→位置信息。',
          'iPhone：設定→隱私權與安全性→定位服務→LINE→使用App期間。Android：設定→應用程式→LINE→權限→位置資訊。',
        ),
      },
    ],
  },
];

const LOCALES = ['ja', 'en', 'ko', 'zh-cn', 'zh-tw'] as const;
const idOf = (row: unknown): number =>
  typeof row === 'object' && row !== null ? (row as { id: number }).id : (row as number);

export async function seed(knex: Knex): Promise<void> {
  const [existing] = await knex('faq_categories').count({ n: '*' });
  if (Number(existing?.n ?? 0) > 0) return;
  const now = new Date('2026-10-01T00:00:00Z').toISOString();
  await knex.transaction(async (trx) => {
    for (const [i, category] of FAQ.entries()) {
      const categoryId = idOf(
        (await trx('faq_categories').insert({ sort_order: i, created_at: now, updated_at: now }).returning('id'))[0],
      );
      await trx('faq_category_translations').insert(
        LOCALES.map((locale) => ({ category_id: categoryId, locale, name: category.name[locale] })),
      );
      for (const [j, faq] of category.faqs.entries()) {
        const faqId = idOf(
          (
            await trx('faqs')
              .insert({ category_id: categoryId, sort_order: j, created_at: now, updated_at: now })
              .returning('id')
          )[0],
        );
        await trx('faq_translations').insert(
          LOCALES.map((locale) => ({ faq_id: faqId, locale, question: faq.q[locale], answer: faq.a[locale] })),
        );
      }
    }
  });
}
