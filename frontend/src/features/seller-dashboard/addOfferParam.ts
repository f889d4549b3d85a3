/** `/seller-dashboard?add=1`: the dashboard with its 상품 등록 form open (where /add-product leads). */
export const ADD_OFFER_PARAM = 'add';
