/**
 * What a fresh install starts with: the three games, a room of every coin group and kind, sample
 * articles in all four languages (some with pictures from public/articles/) and three banners.
 * Operators edit these rows afterwards. Articles go through the same sanitiser as an import.
 */
import { ARTICLE_CATEGORY, INTRODUCTION_ARTICLE_ID } from '../shared/content';
import { rateFields } from '../shared/game';
import type { NewArticle, NewBanner, NewGame, NewRoom, RoomKind } from './db/schema';
import { defaultRoomTitles } from './db/migrations/0006_home_tiles';
import { plainText, sanitizeArticleHtml } from './domain/content/sanitize';

/** Round lengths of DESIGN.md section 4. `type` is the game type the home tiles open. */
export const SEED_GAMES: NewGame[] = [
  { id: 15, type: 15, title: '2 min', minjoin_cents: 100_00, round_seconds: 120 },
  { id: 1, type: 1, title: '3.5 min', minjoin_cents: 100_00, round_seconds: 210 },
  { id: 4, type: 4, title: '5 min', minjoin_cents: 100_00, round_seconds: 300 },
];

const COIN_GROUPS = [
  { roomtype: 1, gameId: 15 },
  { roomtype: 2, gameId: 1 },
  { roomtype: 3, gameId: 4 },
] as const;

/**
 * Rates in hundredths for outcomes 0..10 (DESIGN.md section 4). Return to player with uniform
 * digits stays below 100 % for every outcome: 50 % outcomes pay 1.95-1.98, big-odd/small-even
 * (23.1 %) 4.10-4.25, big-even/small-odd (26.9 %) 3.50-3.65, each extreme (5.6 %) 16-17.5,
 * triple (1 %) 90-96. Higher kinds ask more to join and pay a little more.
 */
const KINDS: { kind: RoomKind; minjoin: number; minbuy: number; rates: number[] }[] = [
  {
    kind: 'standard',
    minjoin: 100_00,
    minbuy: 20_00,
    rates: [195, 195, 195, 195, 410, 350, 350, 410, 1600, 1600, 9000],
  },
  {
    kind: 'vip',
    minjoin: 1_000_00,
    minbuy: 100_00,
    rates: [196, 196, 196, 196, 415, 355, 355, 415, 1650, 1650, 9200],
  },
  {
    kind: 'superior',
    minjoin: 5_000_00,
    minbuy: 500_00,
    rates: [197, 197, 197, 197, 420, 360, 360, 420, 1700, 1700, 9400],
  },
  {
    kind: 'premier',
    minjoin: 20_000_00,
    minbuy: 2_000_00,
    rates: [198, 198, 198, 198, 425, 365, 365, 425, 1750, 1750, 9600],
  },
];

/** DESIGN.md section 4: VIP rooms need level >= 2; operators change it per room (room:set --minlevel). */
export const VIP_MIN_LEVEL = 2;

export function seedRooms(): NewRoom[] {
  return COIN_GROUPS.flatMap((group) =>
    KINDS.map((k) => {
      return {
        roomtype: group.roomtype,
        kind: k.kind,
        ...defaultRoomTitles(group.roomtype, k.kind),
        game_id: group.gameId,
        minjoin_cents: k.minjoin,
        minbuy_cents: k.minbuy,
        minlevel: k.kind === 'vip' ? VIP_MIN_LEVEL : 0,
        ...rateFields(k.rates),
      };
    }),
  );
}

interface Texts {
  zhCN: string;
  zhTW: string;
  en: string;
  vi: string;
}

function article(
  id: number,
  category: number,
  title: Texts,
  content: Texts,
  createdAt: number,
  img: string[] = [],
): NewArticle {
  return {
    id,
    category,
    title: plainText(title.zhCN),
    title_ft: plainText(title.zhTW),
    title_yw: plainText(title.en),
    title_vi: plainText(title.vi),
    content: sanitizeArticleHtml(content.zhCN),
    content_ft: sanitizeArticleHtml(content.zhTW),
    content_yw: sanitizeArticleHtml(content.en),
    content_vi: sanitizeArticleHtml(content.vi),
    img: JSON.stringify(img),
    created_at: createdAt,
  };
}

/** Pictures in public/articles/: served with the app and kept by its image cache for offline reading. */
export const ARTICLE_IMAGES = {
  launch: '/articles/launch.svg',
  install: '/articles/install.svg',
  order: '/articles/order.svg',
  fairness: '/articles/fairness.svg',
  hashChain: '/articles/hash-chain.svg',
} as const;

/** The fairness article shows the hash chain inside its text, in every language. */
function chainFigure(alt: string): string {
  return `<figure><img src="${ARTICLE_IMAGES.hashChain}" alt="${alt}" width="640" height="240" /><figcaption>${alt}</figcaption></figure>`;
}

export function seedArticles(now: number): NewArticle[] {
  const day = 24 * 60 * 60 * 1000;
  return [
    article(
      1,
      ARTICLE_CATEGORY.News,
      { zhCN: '平台上线', zhTW: '平台上線', en: 'We are live', vi: 'Chúng tôi đã ra mắt' },
      {
        zhCN: '<p>欢迎！现在可以用邀请码注册，进入房间参与每一轮。</p>',
        zhTW: '<p>歡迎！現在可以用邀請碼註冊，進入房間參與每一輪。</p>',
        en: '<p>Welcome! You can now register with an invitation code and join the rounds in any room.</p>',
        vi: '<p>Chào mừng! Bạn có thể đăng ký bằng mã mời và tham gia các vòng trong mọi phòng.</p>',
      },
      now - 2 * day,
      [ARTICLE_IMAGES.launch],
    ),
    article(
      2,
      ARTICLE_CATEGORY.News,
      { zhCN: '可安装的应用', zhTW: '可安裝的應用', en: 'Install the app', vi: 'Cài đặt ứng dụng' },
      {
        zhCN: '<p>在浏览器菜单中选择“添加到主屏幕”，离线时也能查看消息和资金记录。</p>',
        zhTW: '<p>在瀏覽器選單中選擇「加入主畫面」，離線時也能查看訊息和資金紀錄。</p>',
        en: '<p>Choose “Add to Home screen” in your browser menu; messages and your fund log stay readable offline.</p>',
        vi: '<p>Chọn “Thêm vào màn hình chính” trong trình duyệt; tin nhắn và lịch sử quỹ vẫn xem được khi ngoại tuyến.</p>',
      },
      now - day,
      [ARTICLE_IMAGES.install],
    ),
    article(
      3,
      ARTICLE_CATEGORY.Announcement,
      { zhCN: '充值说明', zhTW: '儲值說明', en: 'About deposits', vi: 'Về việc nạp tiền' },
      {
        zhCN: '<p>应用内暂不支持充值，请联系客服办理。</p>',
        zhTW: '<p>應用內暫不支援儲值，請聯絡客服辦理。</p>',
        en: '<p>Deposits are not available in the app; please contact customer service.</p>',
        vi: '<p>Ứng dụng chưa hỗ trợ nạp tiền; vui lòng liên hệ chăm sóc khách hàng.</p>',
      },
      now - 2 * day,
    ),
    article(
      4,
      ARTICLE_CATEGORY.Announcement,
      { zhCN: '提现到账时间', zhTW: '提現到帳時間', en: 'Withdrawal times', vi: 'Thời gian rút tiền' },
      {
        zhCN: '<p>提现申请在24小时内到账。</p>',
        zhTW: '<p>提現申請在24小時內到帳。</p>',
        en: '<p>Withdrawals arrive within 24 hours of the request.</p>',
        vi: '<p>Tiền rút sẽ về tài khoản trong vòng 24 giờ kể từ khi yêu cầu.</p>',
      },
      now - day,
    ),
    article(
      5,
      ARTICLE_CATEGORY.Help,
      { zhCN: '如何下单', zhTW: '如何下單', en: 'How to place an order', vi: 'Cách đặt lệnh' },
      {
        zhCN: '<p>选择最多9个结果，输入每项金额（至少20），点击购买并确认。剩余60秒时停止下单。</p>',
        zhTW: '<p>選擇最多9個結果，輸入每項金額（至少20），點擊購買並確認。剩餘60秒時停止下單。</p>',
        en: '<p>Pick up to 9 outcomes, enter the amount per outcome (at least 20), tap Buy and confirm. Orders close when 60 seconds remain.</p>',
        vi: '<p>Chọn tối đa 9 kết quả, nhập số tiền cho mỗi kết quả (ít nhất 20), bấm Mua và xác nhận. Ngừng nhận lệnh khi còn 60 giây.</p>',
      },
      now - day,
      [ARTICLE_IMAGES.order],
    ),
    article(
      6,
      ARTICLE_CATEGORY.Help,
      { zhCN: '结果如何产生', zhTW: '結果如何產生', en: 'How results are drawn', vi: 'Kết quả được tạo ra thế nào' },
      {
        zhCN:
          '<p>每轮开始前公布种子的SHA-256承诺，开奖后公开种子，三个数字由种子算出，可随时验证。</p>' +
          chainFigure('哈希链：每个种子是下一个种子的SHA-256'),
        zhTW:
          '<p>每輪開始前公布種子的SHA-256承諾，開獎後公開種子，三個數字由種子算出，可隨時驗證。</p>' +
          chainFigure('雜湊鏈：每個種子是下一個種子的SHA-256'),
        en:
          '<p>Before a round opens we publish a SHA-256 commitment to its seed; after the draw the seed is revealed and the three numbers follow from it, so anyone can check.</p>' +
          chainFigure('The hash chain: each seed is the SHA-256 of the next one'),
        vi:
          '<p>Trước mỗi vòng, chúng tôi công bố cam kết SHA-256 của hạt giống; sau khi mở thưởng, hạt giống được công khai và ba con số suy ra từ đó, ai cũng kiểm tra được.</p>' +
          chainFigure('Chuỗi băm: mỗi hạt giống là SHA-256 của hạt giống kế tiếp'),
      },
      now - day,
      [ARTICLE_IMAGES.fairness],
    ),
    article(
      7,
      ARTICLE_CATEGORY.Agreement,
      { zhCN: '会员协议', zhTW: '會員協議', en: 'Member agreement', vi: 'Thỏa thuận thành viên' },
      {
        zhCN:
          '<p>注册即表示您已年满18周岁，并对账户和密码的保密负责。</p>' +
          '<ul><li>每轮结果由公布的哈希链决定，可随时验证。</li><li>余额以美元计，精确到分；每一笔变动都记入资金记录。</li><li>提现需先完成规定的投注流水，到账前可在提现页查看状态。</li><li>发现异常请立即联系客服；平台可暂停涉嫌滥用的账户。</li></ul>',
        zhTW:
          '<p>註冊即表示您已年滿18歲，並對帳戶和密碼的保密負責。</p>' +
          '<ul><li>每輪結果由公布的雜湊鏈決定，可隨時驗證。</li><li>餘額以美元計，精確到分；每一筆變動都記入資金紀錄。</li><li>提現需先完成規定的投注流水，到帳前可在提現頁查看狀態。</li><li>發現異常請立即聯絡客服；平台可暫停涉嫌濫用的帳戶。</li></ul>',
        en:
          '<p>By registering you confirm that you are at least 18 years old and that you keep your account and passwords to yourself.</p>' +
          '<ul><li>Each round is decided by the published hash chain and can be verified at any time.</li><li>Your balance is held in US dollars to the cent; every change is written to your fund log.</li><li>A withdrawal needs the required betting turnover first; its status shows on the withdraw page until it is paid.</li><li>Tell customer service at once about anything unusual; an account suspected of abuse may be suspended.</li></ul>',
        vi:
          '<p>Khi đăng ký, bạn xác nhận mình đủ 18 tuổi và tự bảo mật tài khoản cùng mật khẩu của mình.</p>' +
          '<ul><li>Kết quả mỗi vòng do chuỗi băm đã công bố quyết định và có thể kiểm tra bất cứ lúc nào.</li><li>Số dư tính bằng đô la Mỹ, chính xác đến từng xu; mọi thay đổi đều được ghi vào lịch sử quỹ.</li><li>Muốn rút tiền, bạn cần hoàn thành doanh số cược quy định; trạng thái khoản rút hiển thị trên trang rút tiền cho đến khi được chi trả.</li><li>Hãy báo ngay cho chăm sóc khách hàng nếu thấy điều bất thường; tài khoản bị nghi lạm dụng có thể bị tạm khóa.</li></ul>',
      },
      now - 3 * day,
    ),
    article(
      INTRODUCTION_ARTICLE_ID,
      ARTICLE_CATEGORY.Introduction,
      { zhCN: '平台介绍', zhTW: '平台介紹', en: 'Introduction', vi: 'Giới thiệu' },
      {
        zhCN: '<p>每轮开出三个0-9的数字，按总和判定大小、单双等11种结果。房间分为USDT、BTC、ETH三组。</p>',
        zhTW: '<p>每輪開出三個0-9的數字，按總和判定大小、單雙等11種結果。房間分為USDT、BTC、ETH三組。</p>',
        en: '<p>Each round draws three numbers from 0 to 9; their sum decides 11 outcomes such as big, small, odd and even. Rooms come in three groups: USDT, BTC and ETH.</p>',
        vi: '<p>Mỗi vòng rút ba số từ 0 đến 9; tổng của chúng quyết định 11 kết quả như lớn, nhỏ, lẻ, chẵn. Phòng được chia thành ba nhóm: USDT, BTC và ETH.</p>',
      },
      now - 3 * day,
    ),
  ];
}

export function seedBanners(): NewBanner[] {
  // The image files live in public/banners/: one picture per language, its headline translated.
  return [1, 2, 3].map((n) => {
    const path = `/banners/banner-${n}.svg`;
    return {
      path,
      path_tw: `/banners/banner-${n}.zh-TW.svg`,
      path_vi: `/banners/banner-${n}.vi.svg`,
      path_yw: `/banners/banner-${n}.en.svg`,
      sort: n,
    };
  });
}
