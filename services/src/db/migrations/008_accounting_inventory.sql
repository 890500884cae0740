-- Indexes for the purchasing, accounting, inventory and analysis calls.
-- Analysis/BusinessHealth and SalesBookingsQuotes group bookings by customer (or any dimension
-- the day × rep rollup does not keep) for a few months by order-line date (the default booking
-- date basis): without this they scan every booking.
CREATE INDEX booking_by_order_line_date ON erp.booking (order_line_date) INCLUDE (sales, cost);
