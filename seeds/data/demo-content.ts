/** Demo coupon texts per purpose for the development seed, in the five languages. */
type L = { ja: string; en: string; ko: string; 'zh-cn': string; 'zh-tw': string };
export type CouponTemplate = { title: L; description: L; discount: L; tags: string[] };

const t = (ja: string, en: string, ko: string, zhCn: string, zhTw: string): L => ({ ja, en, ko, 'zh-cn': zhCn, 'zh-tw': zhTw });

export const couponTemplates: Record<'gourmet' | 'spa' | 'experience' | 'lodging' | 'souvenir' | 'shopping' | 'traffic', CouponTemplate[]> = {
  gourmet: [
    {
      title: t('お食事の方にドリンク1杯サービス', 'A free drink with your meal', '식사 시 음료 1잔 서비스', '用餐赠送饮品一杯', '用餐贈送飲品一杯'),
      description: t('ご注文時にこの画面をスタッフにお見せください。お一人様1杯まで。', 'Show this screen to the staff when you order. One drink per person.', '주문 시 이 화면을 직원에게 보여 주세요. 1인 1잔까지.', '点餐时请向店员出示此页面。每人限一杯。', '點餐時請向店員出示此頁面。每人限一杯。'),
      discount: t('ドリンク1杯無料', '1 free drink', '음료 1잔 무료', '免费饮品一杯', '免費飲品一杯'),
      tags: ['グルメ', '冬限定'],
    },
    {
      title: t('お会計から10%割引', '10% off your bill', '계산 금액 10% 할인', '结账金额九折', '結帳金額九折'),
      description: t('お会計前にこの画面をお見せください。他の割引との併用はできません。', 'Show this screen before paying. Cannot be combined with other discounts.', '계산 전에 이 화면을 보여 주세요. 다른 할인과 중복 적용되지 않습니다.', '结账前请出示此页面。不可与其他优惠同时使用。', '結帳前請出示此頁面。不可與其他優惠同時使用。'),
      discount: t('10%オフ', '10% off', '10% 할인', '九折', '九折'),
      tags: ['グルメ', '割引'],
    },
  ],
  spa: [
    {
      title: t('日帰り入浴料100円引き', '¥100 off a day-trip bath', '당일 입욕료 100엔 할인', '当日泡汤费减100日元', '當日泡湯費減100日圓'),
      description: t('受付でこの画面をお見せください。タオルの貸し出しは別料金です。', 'Show this screen at the front desk. Towels are extra.', '접수처에서 이 화면을 보여 주세요. 수건 대여는 별도 요금입니다.', '请在前台出示此页面。毛巾租借另行收费。', '請在櫃台出示此頁面。毛巾租借另行收費。'),
      discount: t('入浴料100円引き', '¥100 off bathing', '입욕료 100엔 할인', '泡汤费减100日元', '泡湯費減100日圓'),
      tags: ['温泉', '日帰り'],
    },
    {
      title: t('湯上がりに牛乳1本サービス', 'A free bottle of milk after your bath', '목욕 후 우유 1병 서비스', '泡汤后赠送牛奶一瓶', '泡湯後贈送牛奶一瓶'),
      description: t('ご入浴の方限定。受付でこの画面をお見せください。', 'For bathers only. Show this screen at the front desk.', '입욕객 한정. 접수처에서 이 화면을 보여 주세요.', '仅限泡汤客人。请在前台出示此页面。', '僅限泡湯客人。請在櫃台出示此頁面。'),
      discount: t('牛乳1本無料', '1 free milk', '우유 1병 무료', '免费牛奶一瓶', '免費牛奶一瓶'),
      tags: ['温泉'],
    },
  ],
  experience: [
    {
      title: t('周辺ガイドマップとオリジナル缶バッジ進呈', 'A local guide map and an original pin badge', '주변 가이드 맵과 오리지널 배지 증정', '赠送周边导览地图和原创徽章', '贈送周邊導覽地圖和原創徽章'),
      description: t('近くの観光案内所でこの画面をお見せください。数量限定です。', 'Show this screen at the nearby tourist information centre. While stocks last.', '가까운 관광 안내소에서 이 화면을 보여 주세요. 수량 한정입니다.', '请在附近的旅游服务中心出示此页面。数量有限。', '請在附近的旅遊服務中心出示此頁面。數量有限。'),
      discount: t('缶バッジ進呈', 'Free pin badge', '배지 증정', '赠送徽章', '贈送徽章'),
      tags: ['体験', '自然'],
    },
    {
      title: t('体験プログラム参加費10%割引', '10% off a guided activity', '체험 프로그램 참가비 10% 할인', '体验活动参加费九折', '體驗活動參加費九折'),
      description: t('お申し込みの際にこの画面をお見せください。', 'Show this screen when you book.', '신청 시 이 화면을 보여 주세요.', '报名时请出示此页面。', '報名時請出示此頁面。'),
      discount: t('参加費10%オフ', '10% off', '참가비 10% 할인', '参加费九折', '參加費九折'),
      tags: ['体験'],
    },
  ],
  lodging: [
    {
      title: t('ご宿泊の方にウェルカムドリンクサービス', 'A welcome drink for staying guests', '숙박객 웰컴 드링크 서비스', '住宿客人赠送迎宾饮品', '住宿客人贈送迎賓飲品'),
      description: t('チェックイン時にこの画面をお見せください。宿泊クーポンのご利用で金スタンプ（スタンプ10個分）がもらえます。', 'Show this screen at check-in. Using a lodging coupon earns a gold stamp (worth 10 stamps).', '체크인 시 이 화면을 보여 주세요. 숙박 쿠폰을 사용하면 금 스탬프(스탬프 10개분)를 받을 수 있습니다.', '办理入住时请出示此页面。使用住宿优惠券可获得金色印章（相当于10个印章）。', '辦理入住時請出示此頁面。使用住宿優惠券可獲得金色印章（相當於10個印章）。'),
      discount: t('ウェルカムドリンク', 'Welcome drink', '웰컴 드링크', '迎宾饮品', '迎賓飲品'),
      tags: ['宿泊', '金スタンプ'],
    },
    {
      title: t('レイトチェックアウト1時間延長', 'Check out one hour later', '레이트 체크아웃 1시간 연장', '延迟一小时退房', '延遲一小時退房'),
      description: t('空室状況により承れない場合があります。フロントでお申し出ください。', 'Subject to availability. Ask at the front desk.', '객실 상황에 따라 어려울 수 있습니다. 프런트에 문의해 주세요.', '视客房情况而定，请向前台咨询。', '視客房情況而定，請向櫃台詢問。'),
      discount: t('チェックアウト1時間延長', '1 hour late check-out', '체크아웃 1시간 연장', '退房延长一小时', '退房延長一小時'),
      tags: ['宿泊', '金スタンプ'],
    },
  ],
  souvenir: [
    {
      title: t('お土産3,000円以上のお買い上げで5%割引', '5% off souvenirs over ¥3,000', '3,000엔 이상 기념품 구매 시 5% 할인', '购买3000日元以上特产享九五折', '購買3000日圓以上特產享九五折'),
      description: t('レジでこの画面をお見せください。一部対象外の商品があります。', 'Show this screen at the till. Some items are excluded.', '계산대에서 이 화면을 보여 주세요. 일부 제외 상품이 있습니다.', '结账时请出示此页面。部分商品除外。', '結帳時請出示此頁面。部分商品除外。'),
      discount: t('5%オフ', '5% off', '5% 할인', '九五折', '九五折'),
      tags: ['お土産', '道の駅'],
    },
    {
      title: t('ソフトクリーム50円引き', '¥50 off a soft-serve ice cream', '소프트아이스크림 50엔 할인', '冰淇淋减50日元', '霜淇淋減50日圓'),
      description: t('売店でこの画面をお見せください。', 'Show this screen at the shop counter.', '매점에서 이 화면을 보여 주세요.', '请在小卖部出示此页面。', '請在商店出示此頁面。'),
      discount: t('50円引き', '¥50 off', '50엔 할인', '减50日元', '減50日圓'),
      tags: ['お土産', 'スイーツ'],
    },
  ],
  shopping: [
    {
      title: t('入館料・拝観料100円引き', '¥100 off admission', '입장료 100엔 할인', '门票减100日元', '門票減100日圓'),
      description: t('窓口でこの画面をお見せください。団体割引との併用はできません。', 'Show this screen at the ticket window. Not combinable with group rates.', '매표소에서 이 화면을 보여 주세요. 단체 할인과 중복 적용되지 않습니다.', '请在售票处出示此页面。不可与团体优惠同时使用。', '請在售票處出示此頁面。不可與團體優惠同時使用。'),
      discount: t('100円引き', '¥100 off', '100엔 할인', '减100日元', '減100日圓'),
      tags: ['観光', '歴史'],
    },
    {
      title: t('オリジナルポストカード進呈', 'A free original postcard', '오리지널 엽서 증정', '赠送原创明信片', '贈送原創明信片'),
      description: t('受付でこの画面をお見せください。なくなり次第終了です。', 'Show this screen at reception. While stocks last.', '접수처에서 이 화면을 보여 주세요. 소진 시 종료됩니다.', '请在前台出示此页面。送完即止。', '請在櫃台出示此頁面。送完為止。'),
      discount: t('ポストカード進呈', 'Free postcard', '엽서 증정', '赠送明信片', '贈送明信片'),
      tags: ['観光'],
    },
  ],
  traffic: [
    {
      title: t('記念入場券10%割引', '10% off a souvenir ticket', '기념 입장권 10% 할인', '纪念入场券九折', '紀念入場券九折'),
      description: t('窓口でこの画面をお見せください。', 'Show this screen at the ticket window.', '창구에서 이 화면을 보여 주세요.', '请在窗口出示此页面。', '請在窗口出示此頁面。'),
      discount: t('10%オフ', '10% off', '10% 할인', '九折', '九折'),
      tags: ['交通', '記念'],
    },
  ],
};

/** The winter stamp rally (spec 1: 1 November to 31 January). */
export const rally = {
  startsOn: '2026-11-01',
  endsOn: '2027-01-31',
  name: t('くまもと冬のスタンプラリー 2026', 'Kumamoto Winter Stamp Rally 2026', '구마모토 겨울 스탬프 랠리 2026', '熊本冬季集章活动 2026', '熊本冬季集章活動 2026'),
  description: t(
    'クーポンを使うとスタンプがたまります。赤スタンプは1個分、宿泊クーポンの金スタンプは10個分として数えます。',
    'Use coupons to collect stamps. A red stamp counts 1, a gold stamp from a lodging coupon counts 10.',
    '쿠폰을 사용하면 스탬프가 쌓입니다. 빨간 스탬프는 1개, 숙박 쿠폰의 금 스탬프는 10개로 셉니다.',
    '使用优惠券即可集章。红色印章算1个，住宿优惠券的金色印章算10个。',
    '使用優惠券即可集章。紅色印章算1個，住宿優惠券的金色印章算10個。',
  ),
};
