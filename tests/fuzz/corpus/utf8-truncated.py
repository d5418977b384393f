print('â‚')
