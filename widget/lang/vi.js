// The widget's words in Vietnamese (one plural form: "other").
export default {
  saintsHeading: "Các thánh trong ngày",
  saintsLoading: "Đang tải các thánh trong ngày…",
  saintsEmpty: "Không có vị thánh nào được ghi cho ngày này.",
  readingsHeading: "Các bài đọc Thánh lễ",
  readingsLoading: "Đang tải các bài đọc…",
  readingsEmpty: "Không tìm thấy bài đọc nào cho ngày này.",
  noEndpoint: "Tiện ích này cần thuộc tính endpoint: địa chỉ proxy của giáo xứ.",
  unreachable: "Không thể kết nối tới dịch vụ. Vui lòng thử lại sau.",
  refused: "Dịch vụ đã từ chối thông tin xác thực của tiện ích này.",
  notConnected: "Trang web của giáo xứ này chưa được kết nối với dịch vụ.",
  misconfigured: "Tiện ích này được cấu hình sai: {message}",
  failed: "Hiện không thể tải nội dung này. Vui lòng thử lại sau.",
  rateLimited: {
    other: "Quá nhiều yêu cầu lúc này: sẽ thử lại sau {seconds} giây.",
  },
  backAt: "Đã hết lượt hỏi hôm nay: trở lại sau {time}.",
  calendar: null,
};
