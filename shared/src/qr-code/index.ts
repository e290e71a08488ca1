export { QrCode, qrCodeImageUrl } from './qr-code';
