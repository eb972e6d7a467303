-- A booking a promo code made free (total £0) is booked without a card or the driver (issue 30): its payment_status
-- is 'nothing_to_pay', decided by the server from its own total (payment_method stays 'car': no card payment).
ALTER TABLE bookings DROP CONSTRAINT bookings_payment_status_check;
ALTER TABLE bookings ADD CONSTRAINT bookings_payment_status_check CHECK (payment_status IN ('due_to_driver', 'paid', 'nothing_to_pay'));
