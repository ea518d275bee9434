import FuzzSupport

FuzzDriver.main(.json)
